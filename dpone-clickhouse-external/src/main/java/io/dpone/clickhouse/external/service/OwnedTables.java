package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.identity.ExternalIdentities;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.TableState;
import java.util.List;
import java.util.UUID;

/**
 * Where a member's recorded candidate tables can be, and their removal by recorded UUID (ADR 0008):
 * a {@code CREATE ... UUID u} only ever names u's own attempt name, and only a READY attempt is
 * renamed to the operation's candidate name, so a table of the operation is under the attempt name
 * of one of its recorded UUIDs (current or tried) or under the candidate name. A table is dropped
 * only when its name holds exactly a UUID recorded for that member (an attempt name: its own UUID),
 * and is then proven absent; anything else is left in place. The attempt names are swept before
 * the candidate name because a rename only moves an attempt to the candidate name: a rename that
 * lands while the sweep runs is found under the candidate name, and none can land after it (the
 * attempt it would move was already gone).
 */
final class OwnedTables {
    /** What a sweep found; {@code foreignUnderCandidate}: the candidate name holds a table the member never recorded. */
    sealed interface Sweep {
        record Done(boolean dropped, boolean foreignUnderCandidate) implements Sweep {}

        record Unproven(String why) implements Sweep {}
    }

    private OwnedTables() {}

    /** {@code candidate}'s attempt name for {@code uuid} ({@link ExternalIdentities#attemptName}). */
    static TableRef attempt(TableRef candidate, UUID uuid) {
        return new TableRef(candidate.database(), ExternalIdentities.attemptName(candidate.table(), uuid));
    }

    /** Drops the member's tables under the attempt names of {@code uuids}. */
    static Sweep dropAttempts(MemberSession session, TableRef candidate, MemberRecord member, List<UUID> uuids) {
        boolean dropped = false;
        for (UUID uuid : uuids) {
            Found found = dropIf(
                    session, attempt(candidate, uuid), seen -> seen.uuid().equals(uuid) && member.owns(uuid));
            if (found == Found.UNPROVEN) {
                return new Sweep.Unproven("a recorded attempt could not be read, dropped and proven absent");
            }
            dropped |= found == Found.DROPPED;
        }
        return new Sweep.Done(dropped, false);
    }

    /** Drops every table of the member's recorded UUIDs: their attempt names first, then the candidate name. */
    static Sweep dropAll(MemberSession session, TableRef candidate, MemberRecord member) {
        Sweep attempts = dropAttempts(session, candidate, member, member.ownedUuids());
        if (!(attempts instanceof Sweep.Done done)) {
            return attempts;
        }
        Found found = dropIf(session, candidate, seen -> member.owns(seen.uuid()));
        if (found == Found.UNPROVEN) {
            return new Sweep.Unproven(
                    "the candidate name could not be read, or its recorded table dropped and proven absent");
        }
        return new Sweep.Done(done.dropped() || found == Found.DROPPED, found == Found.FOREIGN);
    }

    private enum Found {
        ABSENT,
        DROPPED,
        FOREIGN,
        UNPROVEN
    }

    private static Found dropIf(
            MemberSession session, TableRef table, java.util.function.Predicate<TableState.Present> recorded) {
        if (!(session.table(table) instanceof CatalogRead.Observed<TableState> before)) {
            return Found.UNPROVEN;
        }
        if (!(before.facts() instanceof TableState.Present present)) {
            return Found.ABSENT;
        }
        if (!recorded.test(present)) {
            return Found.FOREIGN;
        }
        boolean gone = session.drop(table) instanceof MutationOutcome.Acknowledged
                && session.table(table) instanceof CatalogRead.Observed<TableState> after
                && after.facts() instanceof TableState.Absent;
        return gone ? Found.DROPPED : Found.UNPROVEN;
    }
}
