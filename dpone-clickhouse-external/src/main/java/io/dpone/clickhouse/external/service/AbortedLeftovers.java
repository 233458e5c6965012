package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Tables an ABORTED operation's late {@code CREATE} left behind (issue 19, finding 3): a worker's
 * {@code CREATE ... UUID u} whose answer was lost can land after the abort proved the name absent,
 * and a still-running worker may fill it. The ABORTED record keeps every UUID the operation
 * recorded per member (current and tried), so such a table is found under its UUID's own attempt
 * name, where every {@code CREATE} lands, or under the aborted operation's candidate name, where a
 * READY attempt's rename that was still in flight lands ({@link OwnedTables}), and dropped only
 * when its UUID is one recorded for that very member, then proven absent. Nothing else is ever
 * dropped. An ABORTED operation can never be proven or published
 * again (no CAS leaves ABORTED for the same operation), so its tables are dead: no other attempt
 * can prove or publish them, and a new operation stages under a name of its own.
 *
 * <p>Run by the aborted invocation's own reruns and by the next operation just before its
 * version-checked takeover of the ABORTED record (the last moment the UUIDs are readable).
 *
 * <p>A COMPLETED operation's superseded attempts are swept the same way by the next operation
 * before its takeover, but only under their own attempt names ({@link #sweep}): a tried
 * UUID was never proven (READY names only the current UUID, and READY is never superseded), so no
 * rename ever moved it, while the member's current UUID is the published target and is never
 * looked at. Before either sweep the next operation waits out the age bound every attempt's
 * {@code CREATE} is sent within ({@link #mayStillLand}), so only a {@code CREATE} that passed its
 * age check and reached its member later than one more visibility wait can land after the takeover
 * (ADR 0007's accepted window; docs/runbook/operator-recovery.md, "A late-landing candidate").
 */
final class AbortedLeftovers {
    private AbortedLeftovers() {}

    /**
     * True when the finished operation recorded a UUID whose {@code CREATE} the sweep looks for (an
     * ABORTED one's owned UUIDs, a COMPLETED one's tried UUIDs): such a {@code CREATE} may still be on
     * its way, so the next operation waits out its age bound before it sweeps and takes over.
     */
    static boolean mayStillLand(ExternalRecord finished) {
        return (finished.phase() == ExternalPhase.ABORTED || finished.phase() == ExternalPhase.COMPLETED)
                && finished.payload().members().stream()
                        .anyMatch(member -> !sought(finished, member).isEmpty());
    }

    /** What the sweep looks for on a member: all of an ABORTED operation's UUIDs, a COMPLETED one's tried ones. */
    private static List<UUID> sought(ExternalRecord finished, MemberRecord member) {
        return finished.phase() == ExternalPhase.ABORTED ? member.ownedUuids() : member.triedUuids();
    }

    /**
     * Empty when no recorded table of the finished (ABORTED or COMPLETED) operation is left; else why
     * one could not be proven gone.
     */
    static Optional<String> sweep(
            AdmittedMembers cluster, ExternalRecord finished, TableRef target, ExternalEvidence evidence) {
        boolean aborted = finished.phase() == ExternalPhase.ABORTED;
        if (!aborted && finished.phase() != ExternalPhase.COMPLETED) {
            throw new IllegalArgumentException(
                    "only an ABORTED or COMPLETED operation's leftovers are swept, not " + finished.phase());
        }
        TableRef candidate = Statements.candidate(finished, target);
        for (MemberRecord member : finished.payload().members()) {
            if (sought(finished, member).isEmpty()) {
                continue;
            }
            String label = "member " + member.shardNumber() + "/" + member.replicaNumber();
            Optional<AdmittedMembers.Member> admitted = cluster.of(member);
            if (admitted.isEmpty()) {
                return Optional.of(
                        label + " is not in the inventory, so the finished operation's tables there cannot be checked");
            }
            OwnedTables.Sweep swept = aborted
                    ? OwnedTables.dropAll(admitted.get().session(), candidate, member)
                    : OwnedTables.dropAttempts(admitted.get().session(), candidate, member, member.triedUuids());
            if (!(swept instanceof OwnedTables.Sweep.Done done)) {
                return Optional.of(label + ": " + ((OwnedTables.Sweep.Unproven) swept).why());
            }
            if (!done.dropped()) {
                continue;
            }
            evidence.step(label + " late-landing table of the " + (aborted ? "aborted" : "completed")
                    + " operation dropped by its recorded UUID");
        }
        return Optional.empty();
    }
}
