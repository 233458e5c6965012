package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.FacadeReconciliation;
import io.dpone.clickhouse.cluster.authority.FacadeRules;
import io.dpone.clickhouse.cluster.authority.FacadeVerdict;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.clickhouse.cluster.catalog.StrictClusterAdmission;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.CapabilityProofs;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.ddl.CapabilityAssertion;
import io.dpone.clickhouse.cluster.ddl.CapabilityVerdict;
import io.dpone.clickhouse.cluster.ddl.FacadeReconciler;
import io.dpone.clickhouse.cluster.flow.LivePlanFields;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Section 1 and the section 4 preflight before any source I/O or table mutation: the strict
 * inventory, every member once with an Atomic database and a target that obeys the section 2
 * rules; the distributed-DDL capability (entry format, settings column, and the synthetic
 * assertion once per inventory digest); a complete control facade on every admitted member,
 * bootstrapped or filled only through the reconciler. The capability is proven before any
 * bootstrap, so a cluster without distributed DDL fails closed with the capability code having
 * sent nothing but the harmless probe. Every refusal is a {@link DponeException}.
 */
final class ClusterGate {
    private final PublicationPorts ports;
    private final PublicationSettings settings;
    private final ProtocolDigests digests;
    private final RandomBits random;

    ClusterGate(PublicationPorts ports, PublicationSettings settings, ProtocolDigests digests, RandomBits random) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.digests = requireNonNull(digests, "digests is null");
        this.random = requireNonNull(random, "random is null");
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
    Survey survey(OperationIdentity identity, RunEvidence evidence) {
        ClusterAdmission.Admitted membership = membership(identity);
        requirePreflight();
        FacadeVerdict facade = observeFacade(membership, identity);
        if (facade instanceof FacadeVerdict.Blocked blocked) {
            throw new DponeException(blocked.code(), "control facade: " + blocked.problem() + "; nothing was mutated");
        }
        if (facade instanceof FacadeVerdict.Ready) {
            SlotRead<AuthorityRecord> slot = readSlot(identity);
            AdmittedCluster cluster = resumesAfterDispatch(slot, identity)
                    ? cluster(membership, evidence)
                    : cluster(judgeTarget(membership), evidence);
            return new Survey(
                    cluster,
                    facade,
                    Optional.of(slot),
                    needsProof(slot, cluster),
                    LivePlanFields.serverVersions(membership.members()));
        }
        return new Survey(
                cluster(judgeTarget(membership), evidence),
                facade,
                Optional.empty(),
                true,
                LivePlanFields.serverVersions(membership.members()));
    }

    Admission admit(OperationIdentity identity, Run run) {
        Survey survey = survey(identity, run.evidence());
        AdmittedCluster cluster = survey.cluster();
        if (survey.slot().isPresent()) {
            if (survey.needsProof()) {
                prove(cluster, run);
            }
            return new Admission(cluster, survey.slot().get());
        }
        prove(cluster, run);
        run.waits().progress().step("control facade bootstrap");
        FacadeReconciliation reconciled = new FacadeReconciler(ports.facades(), ports.ddl(), run.queue(), random)
                .reconcile(settings.cluster(), settings.facade(), cluster.hosts(), identity.targetKey());
        if (reconciled instanceof FacadeReconciliation.FailedClosed failed) {
            throw new DponeException(
                    failed.code(), "control facade: " + failed.problem() + " (" + failed.detail() + ")");
        }
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

    private ClusterAdmission.Admitted membership(OperationIdentity identity) {
        return admitted(new StrictClusterAdmission(ports.catalog())
                .admitMembership(settings.cluster(), settings.target(), identity.candidate()));
    }

    private static ClusterAdmission.Admitted judgeTarget(ClusterAdmission.Admitted membership) {
        return admitted(StrictClusterAdmission.judgeTarget(membership));
    }

    private static ClusterAdmission.Admitted admitted(ClusterAdmission admission) {
        if (admission instanceof ClusterAdmission.Blocked blocked) {
            throw new DponeException(
                    blocked.code(),
                    "admission blocked: " + blocked.reason()
                            + (blocked.detail().isEmpty() ? "" : " (" + blocked.detail() + ")")
                            + "; nothing was mutated");
        }
        return (ClusterAdmission.Admitted) admission;
    }

    private AdmittedCluster cluster(ClusterAdmission.Admitted admitted, RunEvidence evidence) {
        AdmittedCluster cluster =
                new AdmittedCluster(admitted.inventory(), digests.inventory(admitted.inventory()), admitted.target());
        evidence.inventory(admitted.inventory(), cluster.inventoryDigest().hex());
        return cluster;
    }

    private void requirePreflight() {
        CatalogRead<CapabilityPreflight.Facts> facts = ports.ddl().preflight();
        if (!(facts instanceof CatalogRead.Observed<CapabilityPreflight.Facts> observed)
                || !observed.facts().satisfied()) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING,
                    "distributed DDL preflight failed (entry format version or queue settings column); nothing was mutated");
        }
    }

    private FacadeVerdict observeFacade(ClusterAdmission.Admitted membership, OperationIdentity identity) {
        CatalogRead<List<FacadeObservation>> read =
                ports.facades().observe(settings.cluster(), settings.facade(), identity.targetKey());
        if (!(read instanceof CatalogRead.Observed<List<FacadeObservation>> observed)) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE,
                    "the control facade could not be read on every member; nothing was mutated");
        }
        return FacadeRules.judge(settings.facade(), membership.inventory().endpoints(), observed.facts());
    }

    private boolean needsProof(SlotRead<AuthorityRecord> slot, AdmittedCluster cluster) {
        Optional<AuthorityRecord> record = slot instanceof SlotRead.Present<AuthorityRecord> present
                ? present.valid().map(SlotVersion<AuthorityRecord>::record)
                : Optional.empty();
        return CapabilityProofs.needsCapabilityProof(record, cluster.inventoryDigest());
    }

    /** The synthetic assertion; throws the capability code unless it is proven. */
    private void prove(AdmittedCluster cluster, Run run) {
        run.waits().progress().step("capability assertion");
        CapabilityVerdict verdict = new CapabilityAssertion(ports.ddl(), run.queue(), random)
                .prove(settings.cluster(), settings.target().database(), cluster.hosts(), cluster.inventoryDigest());
        if (verdict instanceof CapabilityVerdict.Missing missing) {
            throw new DponeException(
                    missing.code(),
                    "distributed DDL capability not proven: " + missing.problem() + " (" + missing.detail()
                            + "); no table, record or facade was mutated");
        }
    }

    private SlotRead<AuthorityRecord> readSlot(OperationIdentity identity) {
        SlotRead<AuthorityRecord> slot = ports.authority().readVersioned(identity.targetKey());
        if (slot instanceof SlotRead.Unavailable<AuthorityRecord> unavailable) {
            throw new DponeException(unavailable.code(), "the authority slot could not be read; nothing was mutated");
        }
        return slot;
    }
}
