package io.dpone.clickhouse.cluster.admission;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.FacadePort;
import io.dpone.clickhouse.cluster.authority.FacadeReconciliation;
import io.dpone.clickhouse.cluster.authority.FacadeRules;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.authority.FacadeVerdict;
import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.clickhouse.cluster.catalog.StrictClusterAdmission;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.CapabilityAssertion;
import io.dpone.clickhouse.cluster.ddl.CapabilityVerdict;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.ddl.FacadeReconciler;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ReplicationMode;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The runtime admission checks both replication modes make before any source I/O or table
 * mutation (spec 000 sections 1 and 4, spec 001 "Runtime admission"): strict membership for the
 * mode's {@code internal_replication} flag, the distributed-DDL preflight, the control facade on
 * every admitted member, the synthetic capability assertion and the facade bootstrap through the
 * reconciler. Each mode orders these around its own checks and judges its own slot. Every refusal
 * is a {@link DponeException} carrying the mode's code; only the probe and the bootstrap send.
 */
public final class RuntimeAdmission {
    /** Where admission looks: the cluster, the target, and the control facade it verifies. */
    public record Scope(String cluster, TableRef target, FacadeSpec facade) {
        public Scope {
            requireNonNull(cluster, "cluster is null");
            requireNonNull(target, "target is null");
            requireNonNull(facade, "facade is null");
        }
    }

    /**
     * What differs between the modes in the shared checks: the replication flag every inventory row
     * must carry, the code of a blocked membership, and the code of a facade not readable on every
     * member (each mode's incomplete-inventory code).
     */
    public record ModeCodes(
            ReplicationMode replication,
            Function<ClusterAdmission.Blocked, DponeErrorCode> blocked,
            DponeErrorCode facadeUnreadable) {
        public ModeCodes {
            requireNonNull(replication, "replication is null");
            requireNonNull(blocked, "blocked is null");
            requireNonNull(facadeUnreadable, "facadeUnreadable is null");
        }
    }

    private final CatalogPort catalog;
    private final DdlPort ddl;
    private final FacadePort facades;
    private final Scope scope;
    private final ModeCodes codes;
    private final RandomBits random;

    public RuntimeAdmission(
            CatalogPort catalog, DdlPort ddl, FacadePort facades, Scope scope, ModeCodes codes, RandomBits random) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.ddl = requireNonNull(ddl, "ddl is null");
        this.facades = requireNonNull(facades, "facades is null");
        this.scope = requireNonNull(scope, "scope is null");
        this.codes = requireNonNull(codes, "codes is null");
        this.random = requireNonNull(random, "random is null");
    }

    /** Section 1: every member once, of this mode, with an Atomic database; read only. */
    public ClusterAdmission.Admitted membership(TableRef candidate) {
        return admitted(new StrictClusterAdmission(catalog)
                .admitMembership(scope.cluster(), scope.target(), candidate, codes.replication()));
    }

    /** The section 2 target rules over admitted members. */
    public ClusterAdmission.Admitted judgeTarget(ClusterAdmission.Admitted membership) {
        return admitted(StrictClusterAdmission.judgeTarget(membership));
    }

    /** The distributed-DDL preflight: entry format version and the queue's settings column. */
    public void requirePreflight() {
        CatalogRead<CapabilityPreflight.Facts> facts = ddl.preflight();
        if (!(facts instanceof CatalogRead.Observed<CapabilityPreflight.Facts> observed)
                || !observed.facts().satisfied()) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING,
                    "distributed DDL preflight failed (entry format version or queue settings column); nothing was mutated");
        }
    }

    /** The facade on every admitted member, judged; a blocked facade is refused, a missing one reported. */
    public FacadeVerdict judgeFacade(ClusterAdmission.Admitted membership, Digest targetKey) {
        CatalogRead<List<FacadeObservation>> read = facades.observe(scope.cluster(), scope.facade(), targetKey);
        if (!(read instanceof CatalogRead.Observed<List<FacadeObservation>> observed)) {
            throw new DponeException(
                    codes.facadeUnreadable(),
                    "the control facade could not be read on every member; nothing was mutated");
        }
        FacadeVerdict verdict =
                FacadeRules.judge(scope.facade(), membership.inventory().endpoints(), observed.facts());
        if (verdict instanceof FacadeVerdict.Blocked blocked) {
            throw new DponeException(blocked.code(), "control facade: " + blocked.problem() + "; nothing was mutated");
        }
        return verdict;
    }

    /** The synthetic assertion for the inventory digest; throws the capability code unless it is proven. */
    public void prove(Set<HostEndpoint> hosts, Digest inventoryDigest, Invocation<?> invocation) {
        invocation.waits().progress().step("capability assertion");
        CapabilityVerdict verdict = new CapabilityAssertion(ddl, invocation.queue(), random)
                .prove(scope.cluster(), scope.target().database(), hosts, inventoryDigest);
        if (verdict instanceof CapabilityVerdict.Missing missing) {
            throw new DponeException(
                    missing.code(),
                    "distributed DDL capability not proven: " + missing.problem() + " (" + missing.detail()
                            + "); no table, record or facade was mutated");
        }
    }

    /** Creates or completes the facade on the admitted hosts, only through the reconciler; fails closed. */
    public void bootstrapFacade(Set<HostEndpoint> hosts, Digest targetKey, Invocation<?> invocation) {
        invocation.waits().progress().step("control facade bootstrap");
        FacadeReconciliation reconciled = new FacadeReconciler(facades, ddl, invocation.queue(), random)
                .reconcile(scope.cluster(), scope.facade(), hosts, targetKey);
        if (reconciled instanceof FacadeReconciliation.FailedClosed failed) {
            throw new DponeException(
                    failed.code(), "control facade: " + failed.problem() + " (" + failed.detail() + ")");
        }
    }

    private ClusterAdmission.Admitted admitted(ClusterAdmission admission) {
        if (admission instanceof ClusterAdmission.Blocked blocked) {
            throw new DponeException(
                    codes.blocked().apply(blocked),
                    "admission blocked: " + blocked.reason()
                            + (blocked.detail().isEmpty() ? "" : " (" + blocked.detail() + ")")
                            + "; nothing was mutated");
        }
        return (ClusterAdmission.Admitted) admission;
    }
}
