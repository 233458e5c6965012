package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.contract.reconcile.UnknownCause;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * "Revalidate all identities" immediately before the publication CAS (spec 001, STAGED; spec 000
 * section 3 step 5): the fenced inventory is the bound one, every member shows exactly its own
 * baseline target and its own staged candidate (the shared classifier permits the first
 * dispatch), every member's candidate still holds exactly the artifact's row count, and the slot
 * is exactly the record about to be swapped. Any difference stops before anything is sent; a
 * difference the operation can never outlive (its bound inventory, baseline or candidates are no
 * longer what the members show) is {@linkplain Refusal#fenced() fenced}, one a rerun may clear (a
 * member unreachable for now, a moved record) is not.
 */
final class Revalidation {
    private final ExternalPorts ports;
    private final Classifications classifications;

    Revalidation(ExternalPorts ports, Classifications classifications) {
        this.ports = requireNonNull(ports, "ports is null");
        this.classifications = requireNonNull(classifications, "classifications is null");
    }

    /** Why the dispatch CAS may not be attempted; {@code fenced} when no rerun of this operation can clear it. */
    record Refusal(Ending ending, boolean fenced) {
        Refusal {
            requireNonNull(ending, "ending is null");
        }
    }

    /** Empty when the dispatch CAS may be attempted now. */
    Optional<Refusal> beforeDispatch(
            AdmittedMembers cluster,
            SlotVersion<ExternalSlot> staged,
            TableRef candidate,
            Invocation<ExternalEvidence> invocation) {
        ExternalRecord record = (ExternalRecord) staged.record();
        Optional<Ending> fenced = Fences.inventory(record, cluster);
        if (fenced.isPresent()) {
            return Optional.of(new Refusal(fenced.get(), true));
        }
        PublicationVerdict verdict =
                classifications.publication(cluster, record, candidate, QueueResult.NO_ENTRY, invocation.evidence());
        if (!verdict.classification().permitsDispatch()) {
            return Optional.of(new Refusal(
                    Ending.of(
                            PublicationOutcome.UNKNOWN,
                            code(verdict.cause()),
                            "before dispatch a member" + " does not show exactly its own target and staged candidate ("
                                    + verdict.cause() + "); nothing was sent"),
                    verdict.cause() != UnknownCause.MEMBER_UNAVAILABLE));
        }
        for (MemberRecord member : record.payload().members()) {
            CatalogRead<Long> rows = cluster.of(member).orElseThrow().session().rowCount(candidate);
            if (!(rows instanceof CatalogRead.Observed<Long> count)) {
                return Optional.of(new Refusal(
                        Ending.of(
                                PublicationOutcome.PREPARED,
                                DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                                "before dispatch member " + member.shardNumber() + "/" + member.replicaNumber()
                                        + "'s candidate could"
                                        + " not be read over its direct connection; nothing was sent; run the same invocation again"),
                        false));
            }
            if (count.facts() != record.payload().artifact().rowCount()) {
                return Optional.of(new Refusal(
                        Ending.of(
                                PublicationOutcome.UNKNOWN,
                                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED,
                                "before dispatch member "
                                        + member.shardNumber() + "/" + member.replicaNumber()
                                        + "'s candidate no longer holds the staged row count; nothing was sent"),
                        true));
            }
        }
        SlotRead<ExternalSlot> slot = ports.authority().readVersioned(record.targetKey());
        boolean unchanged = slot instanceof SlotRead.Present<ExternalSlot> present
                && present.valid().equals(Optional.of(staged));
        if (!unchanged) {
            return Optional.of(new Refusal(
                    Ending.of(
                            PublicationOutcome.UNKNOWN,
                            DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT,
                            "the authority record changed before dispatch; nothing was sent; run again to reconcile"),
                    false));
        }
        return Optional.empty();
    }

    private static DponeErrorCode code(UnknownCause cause) {
        if (cause == UnknownCause.MEMBERSHIP_MISMATCH || cause == UnknownCause.MEMBER_UNAVAILABLE) {
            return DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE;
        }
        return DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED;
    }
}
