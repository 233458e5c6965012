package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import java.util.Optional;

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
 */
final class AbortedLeftovers {
    private AbortedLeftovers() {
    }

    /** Empty when no recorded table of the aborted operation is left; else why one could not be proven gone. */
    static Optional<String> sweep(AdmittedMembers cluster, ExternalRecord aborted, TableRef target, ExternalEvidence evidence) {
        if (aborted.phase() != ExternalPhase.ABORTED) {
            throw new IllegalArgumentException("only an ABORTED operation's leftovers are swept, not " + aborted.phase());
        }
        TableRef candidate = Statements.candidate(aborted, target);
        for (MemberRecord member : aborted.payload().members()) {
            if (member.ownedUuids().isEmpty()) {
                continue;
            }
            String label = "member " + member.shardNumber() + "/" + member.replicaNumber();
            Optional<AdmittedMembers.Member> admitted = cluster.of(member);
            if (admitted.isEmpty()) {
                return Optional.of(label + " is not in the inventory, so the aborted operation's tables there cannot be checked");
            }
            OwnedTables.Sweep swept = OwnedTables.dropAll(admitted.get().session(), candidate, member);
            if (!(swept instanceof OwnedTables.Sweep.Done done)) {
                return Optional.of(label + ": " + ((OwnedTables.Sweep.Unproven) swept).why());
            }
            if (!done.dropped()) {
                continue;
            }
            evidence.step(label + " late-landing table of the aborted operation dropped by its recorded UUID");
        }
        return Optional.empty();
    }
}
