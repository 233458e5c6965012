package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.admission.RuntimeAdmission;
import io.dpone.clickhouse.cluster.authority.FacadeVerdict;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.CapabilityProofs;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.flow.LivePlanFields;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ReplicationMode;
import java.util.Map;
import java.util.Optional;

/**
 * Section 1 and the section 4 preflight before any source I/O or table mutation: the strict
 * inventory, every member once with an Atomic database and a target that obeys the section 2
 * rules; the distributed-DDL capability (entry format, settings column, and the synthetic
 * assertion once per inventory digest); a complete control facade on every admitted member,
 * bootstrapped or filled only through the reconciler. The capability is proven before any
 * bootstrap, so a cluster without distributed DDL fails closed with the capability code having
 * sent nothing but the harmless probe. Every refusal is a {@link DponeException}. The checks both
 * modes make are {@link RuntimeAdmission}'s; this class orders them and judges the internal slot.
 */
final class InternalRuntimeAdmission {
    private final PublicationPorts ports;
    private final RuntimeAdmission shared;
    private final ProtocolDigests digests;

    InternalRuntimeAdmission(
            PublicationPorts ports, PublicationSettings settings, ProtocolDigests digests, RandomBits random) {
        this.ports = requireNonNull(ports, "ports is null");
        this.digests = requireNonNull(digests, "digests is null");
        this.shared = new RuntimeAdmission(
                ports.catalog(),
                ports.ddl(),
                ports.facades(),
                new RuntimeAdmission.Scope(settings.cluster(), settings.target(), settings.facade()),
                new RuntimeAdmission.ModeCodes(
                        ReplicationMode.INTERNAL,
                        ClusterAdmission.Blocked::code,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
                random);
    }

    /**
     * The admitted cluster and the slot as read once the facade is complete. The capability is
     * proven for the cluster's inventory digest: by this run, or by the slot's recorded proof.
     */
    record Admission(AdmittedCluster cluster, SlotRead<AuthorityRecord> slot) {}

    /**
     * Everything admission decides before it would send anything, read only: the admitted cluster,
     * the facade verdict, the slot (read only when the facade is ready) and whether the capability
     * still needs its probe. {@link #admit} acts on it; {@code plan --live} reports it, with each
     * member's server version ({@code serverVersions}, by endpoint).
     */
    record Survey(
            AdmittedCluster cluster,
            FacadeVerdict facade,
            Optional<SlotRead<AuthorityRecord>> slot,
            boolean needsProof,
            Map<HostEndpoint, String> serverVersions) {}

    /** Reads and judges only; refuses exactly as {@link #admit} would, before any mutation. */
    Survey survey(OperationIdentity identity, InternalEvidence evidence) {
        ClusterAdmission.Admitted membership = shared.membership(identity.candidate());
        shared.requirePreflight();
        FacadeVerdict facade = shared.judgeFacade(membership, identity.targetKey());
        if (facade instanceof FacadeVerdict.Ready) {
            SlotRead<AuthorityRecord> slot = readSlot(identity);
            AdmittedCluster cluster = resumesAfterDispatch(slot, identity)
                    ? cluster(membership, evidence)
                    : cluster(shared.judgeTarget(membership), evidence);
            return new Survey(
                    cluster,
                    facade,
                    Optional.of(slot),
                    needsProof(slot, cluster),
                    LivePlanFields.serverVersions(membership.members()));
        }
        return new Survey(
                cluster(shared.judgeTarget(membership), evidence),
                facade,
                Optional.empty(),
                true,
                LivePlanFields.serverVersions(membership.members()));
    }

    Admission admit(OperationIdentity identity, Invocation<InternalEvidence> invocation) {
        Survey survey = survey(identity, invocation.evidence());
        AdmittedCluster cluster = survey.cluster();
        if (survey.slot().isPresent()) {
            if (survey.needsProof()) {
                prove(cluster, invocation);
            }
            return new Admission(cluster, survey.slot().get());
        }
        prove(cluster, invocation);
        shared.bootstrapFacade(cluster.hosts(), identity.targetKey(), invocation);
        return new Admission(cluster, readSlot(identity));
    }

    /**
     * An operation that already dispatched resumes with a target that may be mid-swap by design: its
     * target is judged by the reconciliation classifier, not by the admission rules.
     */
    private static boolean resumesAfterDispatch(SlotRead<AuthorityRecord> slot, OperationIdentity identity) {
        return slot instanceof SlotRead.Present<AuthorityRecord> present
                && present.valid()
                        .map(SlotVersion<AuthorityRecord>::record)
                        .filter(record -> record.operationId().equals(identity.operationId()))
                        .filter(record -> record.phase() != AuthorityPhase.PREPARED)
                        .isPresent();
    }

    private AdmittedCluster cluster(ClusterAdmission.Admitted admitted, InternalEvidence evidence) {
        AdmittedCluster cluster =
                new AdmittedCluster(admitted.inventory(), digests.inventory(admitted.inventory()), admitted.target());
        evidence.inventory(admitted.inventory(), cluster.inventoryDigest().hex());
        return cluster;
    }

    private boolean needsProof(SlotRead<AuthorityRecord> slot, AdmittedCluster cluster) {
        Optional<AuthorityRecord> record = slot instanceof SlotRead.Present<AuthorityRecord> present
                ? present.valid().map(SlotVersion<AuthorityRecord>::record)
                : Optional.empty();
        return CapabilityProofs.needsCapabilityProof(record, cluster.inventoryDigest());
    }

    private void prove(AdmittedCluster cluster, Invocation<InternalEvidence> invocation) {
        shared.prove(cluster.hosts(), cluster.inventoryDigest(), invocation);
    }

    private SlotRead<AuthorityRecord> readSlot(OperationIdentity identity) {
        SlotRead<AuthorityRecord> slot = ports.authority().readVersioned(identity.targetKey());
        if (slot instanceof SlotRead.Unavailable<AuthorityRecord> unavailable) {
            throw new DponeException(unavailable.code(), "the authority slot could not be read; nothing was mutated");
        }
        return slot;
    }
}
