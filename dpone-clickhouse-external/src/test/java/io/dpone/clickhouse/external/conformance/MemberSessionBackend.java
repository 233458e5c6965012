package io.dpone.clickhouse.external.conformance;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.testkit.simulator.LocalResult;
import io.dpone.testkit.simulator.TableSpec;
import java.util.UUID;

/**
 * One backend the member-session conformance suite runs against, with {@code internal_replication =
 * false}: the simulator's sessions, or the production {@code NativeMemberSession} to real members.
 * Admin statements are local to one member and never go through the sessions under test.
 */
public interface MemberSessionBackend {
    String clusterName();

    int members();

    /** A fresh Atomic database on every member. */
    String database();

    /** A direct session to member {@code member} at its admitted endpoint, inserting {@code batchRows} rows per batch. */
    MemberSession session(int member, int batchRows);

    /** {@code CREATE TABLE ... UUID} on one member, as admin. */
    LocalResult createTable(int member, TableRef table, TableSpec spec, UUID uuid);

    /** An outside writer sets {@code column} (a String column) of the row whose {@code id} is 1 to {@code value}, on one member. */
    void changeRow(int member, TableRef table, String column, String value);

    /** Kills one member's process (its data stays). */
    void kill(int member);
}
