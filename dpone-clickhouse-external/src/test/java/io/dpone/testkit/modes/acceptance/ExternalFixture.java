package io.dpone.testkit.modes.acceptance;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.simulated.ExternalAcceptanceCluster;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.AcceptanceFixture;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Expect;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.acceptance.ScenarioFailure;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** External scenarios' shared setup and observations. */
final class ExternalFixture {
    static final String INVOCATION = AcceptanceFixture.INVOCATION;

    private ExternalFixture() {}

    /** The target and control databases; an existing target of {@code rows} rows on every member unless {@code rows} is negative. */
    static ExternalDriver prepare(ExternalAcceptanceCluster cluster, long rows, Narrator narrator) {
        cluster.createDatabases(
                cluster.target().database(), cluster.facade().control().database());
        if (rows >= 0) {
            cluster.createMergeTreeTable(cluster.target(), rows);
            // narration is evidence too: no identifiers, values or SQL
            narrator.say(
                    cluster.backend() + ": " + cluster.members() + " MergeTree members (internal_replication = false);"
                            + " the target exists on each with " + rows + " rows; the control facade is absent");
        } else {
            narrator.say(cluster.backend() + ": " + cluster.members()
                    + " MergeTree members (internal_replication = false);" + " the target does not exist yet");
        }
        return new ExternalDriver(cluster);
    }

    /** Every member's target UUID: present everywhere and a distinct table per member. */
    static List<UUID> targets(ExternalAcceptanceCluster cluster) {
        List<UUID> uuids = new ArrayList<>();
        for (int member = 0; member < cluster.members(); member++) {
            int m = member;
            uuids.add(cluster.uuid(member, cluster.target())
                    .orElseThrow(() -> new ScenarioFailure("member " + m + " has no target")));
        }
        Expect.equal(uuids.size(), new HashSet<>(uuids).size(), "a target table, and a UUID, per member");
        return uuids;
    }

    /**
     * The record's operation is {@code phase}; every member's target is its own staged candidate
     * (the UUID the record binds for it) and holds exactly the sealed artifact's rows; the
     * candidate name holds nothing (the exact predecessor dropped, or none to drop).
     */
    static ExternalRecord expectPublishedEverywhere(
            ExternalAcceptanceCluster cluster, ExternalDriver driver, String invocation, int rows) {
        ExternalRecord record = driver.record(invocation);
        Expect.equal(ExternalPhase.COMPLETED, record.phase(), "phase");
        Digest content = record.payload().artifact().contentDigest();
        Expect.equal((long) rows, record.payload().artifact().rowCount(), "the artifact's rows");
        for (int member = 0; member < cluster.members(); member++) {
            MemberRecord bound = record.payload().members().get(member);
            Expect.equal(
                    Optional.of(bound.candidateUuid()),
                    cluster.uuid(member, cluster.target()),
                    "member " + member + "'s target is its own staged candidate");
            Expect.equal(
                    Optional.of(content),
                    cluster.content(member, cluster.target(), ExternalDriver.SCHEMA),
                    "member " + member + "'s rows are exactly the artifact's");
            Expect.equal(
                    Optional.empty(),
                    cluster.uuid(member, driver.candidate(invocation)),
                    "nothing left under the candidate name on member " + member);
        }
        targets(cluster);
        return record;
    }

    static void expectOutcome(Attempt attempt, PublicationOutcome outcome) {
        Expect.equal(Optional.of(outcome), attempt.outcome(), "outcome (" + attempt.summary() + ")");
    }

    static void expectCode(Attempt attempt, DponeErrorCode code) {
        Expect.equal(Optional.of(code), attempt.code(), "code (" + attempt.summary() + ")");
    }

    static void expectSent(ExternalAcceptanceCluster cluster, StatementKind kind, long times) {
        Expect.equal(times, cluster.sent(kind), kind + " statements sent");
    }

    static void expectNothingPublished(ExternalAcceptanceCluster cluster) {
        for (StatementKind kind :
                List.of(StatementKind.DDL_EXCHANGE, StatementKind.DDL_RENAME, StatementKind.DDL_DROP)) {
            expectSent(cluster, kind, 0);
        }
    }

    static void expectOneShot(ExternalAcceptanceCluster cluster) {
        Expect.equal(1L, cluster.maxSendsPerMutation(), "transport invocations of the busiest mutation query id");
    }

    /** The member's record, by replica order. */
    static MemberRecord member(ExternalRecord record, int member) {
        return record.payload().members().get(member);
    }

    static TableRef candidate(ExternalDriver driver) {
        return driver.candidate(INVOCATION);
    }
}
