package io.dpone.clickhouse.cluster.catalog;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.catalog.ClusterAdmission.Admitted;
import io.dpone.clickhouse.cluster.catalog.ClusterAdmission.Blocked;
import io.dpone.clickhouse.cluster.catalog.ClusterAdmission.Reason;
import io.dpone.clickhouse.cluster.contract.generation.GenerationRules;
import io.dpone.clickhouse.cluster.contract.generation.GenerationVerdict;
import io.dpone.clickhouse.cluster.contract.inventory.AdmissionResult;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.InventoryAdmission;
import io.dpone.clickhouse.cluster.contract.inventory.MemberCoverage;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.manifest.ReplicationMode;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Spec section 1 over a {@link CatalogPort}: read the sorted inventory and admit it with
 * {@link InventoryAdmission}, read every member once, require the answering members to be exactly
 * the inventory ({@link MemberCoverage}), the database to be Atomic on each and the target to pass
 * the section 2 target rules ({@link GenerationRules#targetAtAdmission}: one identity on every
 * member or absent on every member, a Replicated*MergeTree engine, unique replica names covering
 * the inventory). The candidate is not judged at admission. The first failing rule blocks (for
 * the generation rules, the first violation in declaration order); nothing is mutated. The two reads are independent, so the inventory read may run
 * on an injected executor while the caller reads the members; both finish before any rule is
 * judged, so the rule order and the verdict are the same as with sequential reads. Stateless
 * apart from the port; thread-safe if the port is.
 */
public final class StrictClusterAdmission {
    private final CatalogPort catalog;
    private final Executor inventoryReads;

    /** Reads the inventory, then the members, on the calling thread. */
    public StrictClusterAdmission(CatalogPort catalog) {
        this(catalog, Runnable::run);
    }

    /** Reads the inventory on {@code inventoryReads} while the calling thread reads the members. */
    public StrictClusterAdmission(CatalogPort catalog, Executor inventoryReads) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.inventoryReads = requireNonNull(inventoryReads, "inventoryReads is null");
    }

    /** Section 1, then the section 2 target rules ({@link #judgeTarget}). */
    public ClusterAdmission admit(String cluster, TableRef target, TableRef candidate) {
        ClusterAdmission membership = admitMembership(cluster, target, candidate);
        return membership instanceof Admitted admitted ? judgeTarget(admitted) : membership;
    }

    /**
     * Section 1 only: the inventory, every member exactly once, Atomic everywhere. The target is not
     * judged ({@code Admitted.target()} is empty): an operation that already dispatched resumes with
     * a target that is mid-swap by design, and its state is the reconciliation classifier's to judge.
     */
    public ClusterAdmission admitMembership(String cluster, TableRef target, TableRef candidate) {
        return admitMembership(cluster, target, candidate, ReplicationMode.INTERNAL);
    }

    /**
     * {@link #admitMembership(String, TableRef, TableRef)} for {@code mode}, whose
     * {@code internal_replication} flag every inventory row must carry (0 for external mode).
     */
    public ClusterAdmission admitMembership(String cluster, TableRef target, TableRef candidate, ReplicationMode mode) {
        requireNonNull(target, "target is null");
        requireNonNull(candidate, "candidate is null");
        CompletableFuture<CatalogRead<ClusterInventory>> pending =
                CompletableFuture.supplyAsync(() -> catalog.inventory(cluster), inventoryReads);
        CatalogRead<List<MemberFacts>> answered = catalog.members(cluster, target, candidate);
        CatalogRead<ClusterInventory> read = join(pending);
        if (read instanceof CatalogRead.Unreadable<ClusterInventory> unreadable) {
            // the coordinator's own system.clusters: failing here is the connection, not a member
            return Blocked.inventoryUnreadable(unreadable);
        }
        ClusterInventory inventory = ((CatalogRead.Observed<ClusterInventory>) read).facts();
        if (InventoryAdmission.admit(inventory, mode) instanceof AdmissionResult.Rejected rejected) {
            return new Blocked(Reason.valueOf(rejected.reason().name()));
        }
        if (answered instanceof CatalogRead.Unreadable<List<MemberFacts>> unreadable) {
            return new Blocked(Reason.MEMBERS_UNREADABLE, unreadable.describe());
        }
        List<MemberFacts> members = ((CatalogRead.Observed<List<MemberFacts>>) answered).facts();
        var gap = MemberCoverage.check(
                inventory.endpoints(), members.stream().map(MemberFacts::member).toList());
        if (gap.isPresent()) {
            return new Blocked(
                    switch (gap.get()) {
                        case MISSING_MEMBER -> Reason.MEMBER_MISSING;
                        case DUPLICATED_MEMBER -> Reason.MEMBER_DUPLICATED;
                        case UNEXPECTED_MEMBER -> Reason.MEMBER_UNEXPECTED;
                    });
        }
        if (!members.stream().allMatch(MemberFacts::databaseIsAtomic)) {
            return new Blocked(Reason.DATABASE_NOT_ATOMIC);
        }
        return new Admitted(inventory, members, Optional.empty());
    }

    /** The section 2 target rules over members admitted by {@link #admitMembership}. */
    public static ClusterAdmission judgeTarget(Admitted membership) {
        GenerationVerdict generations = GenerationRules.targetAtAdmission(
                membership.inventory().endpoints(),
                membership.members().stream().map(MemberFacts::tables).toList());
        if (generations instanceof GenerationVerdict.Violated violated) {
            return new Blocked(Reason.valueOf(violated.primary().name()));
        }
        return new Admitted(
                membership.inventory(), membership.members(), ((GenerationVerdict.Valid) generations).target());
    }

    private static <T> T join(CompletableFuture<T> pending) {
        try {
            return pending.join();
        } catch (CompletionException failure) {
            if (failure.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw failure;
        }
    }
}
