package io.dpone.clickhouse.cluster.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.FacadeRules;
import io.dpone.clickhouse.cluster.authority.FacadeVerdict;
import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.clickhouse.cluster.catalog.StrictClusterAdmission;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.util.List;

/**
 * Section 1 before any source I/O or mutation: the strict inventory, every member once with an
 * Atomic database and a target that obeys the section 2 rules, the distributed-DDL capability and
 * a complete control facade on every admitted member. Every refusal is a {@link DponeException}
 * with the rule's stable code; nothing has been mutated when it is thrown.
 */
final class ClusterGate {
    private final PublicationPorts ports;
    private final PublicationSettings settings;
    private final ProtocolDigests digests;

    ClusterGate(PublicationPorts ports, PublicationSettings settings, ProtocolDigests digests) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.digests = requireNonNull(digests, "digests is null");
    }

    AdmittedCluster admit(OperationIdentity identity, RunEvidence evidence) {
        ClusterAdmission admission = new StrictClusterAdmission(ports.catalog())
                .admit(settings.cluster(), settings.target(), identity.candidate());
        if (admission instanceof ClusterAdmission.Blocked blocked) {
            throw new DponeException(blocked.code(), "admission blocked: " + blocked.reason()
                    + (blocked.detail().isEmpty() ? "" : " (" + blocked.detail() + ")") + "; nothing was mutated");
        }
        ClusterAdmission.Admitted admitted = (ClusterAdmission.Admitted) admission;
        AdmittedCluster cluster = new AdmittedCluster(admitted.inventory(), digests.inventory(admitted.inventory()),
                admitted.target());
        evidence.inventory(admitted.inventory(), cluster.inventoryDigest().hex());
        requireDdlCapability();
        requireFacade(cluster, identity);
        return cluster;
    }

    private void requireDdlCapability() {
        CatalogRead<CapabilityPreflight.Facts> facts = ports.ddl().preflight();
        if (!(facts instanceof CatalogRead.Observed<CapabilityPreflight.Facts> observed) || !observed.facts().satisfied()) {
            throw new DponeException(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING,
                    "distributed DDL capability preflight failed; nothing was mutated");
        }
    }

    private void requireFacade(AdmittedCluster cluster, OperationIdentity identity) {
        CatalogRead<List<FacadeObservation>> read = ports.facades().observe(settings.cluster(), settings.facade(),
                identity.targetKey());
        if (!(read instanceof CatalogRead.Observed<List<FacadeObservation>> observed)) {
            throw new DponeException(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE,
                    "the control facade could not be read on every member; nothing was mutated");
        }
        FacadeVerdict verdict = FacadeRules.judge(settings.facade(), cluster.hosts(), observed.facts());
        if (verdict instanceof FacadeVerdict.Blocked blocked) {
            throw new DponeException(blocked.code(), "control facade: " + blocked.problem() + "; nothing was mutated");
        }
        if (!(verdict instanceof FacadeVerdict.Ready)) {
            throw new DponeException(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING,
                    "the control facade is not complete on every member; nothing was mutated");
        }
    }
}
