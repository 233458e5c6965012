package io.dpone.clickhouse.cluster.catalog;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.catalog.ClusterAdmission.Admitted;
import io.dpone.clickhouse.cluster.catalog.ClusterAdmission.Blocked;
import io.dpone.clickhouse.cluster.catalog.ClusterAdmission.Reason;
import io.dpone.clickhouse.cluster.contract.inventory.AdmissionResult;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.InventoryAdmission;
import io.dpone.clickhouse.cluster.contract.inventory.MemberCoverage;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.List;

/**
 * Seed section 1 over a {@link CatalogPort}: read the sorted inventory and admit it with
 * {@link InventoryAdmission}, read every member once, require the answering members to be exactly
 * the inventory ({@link MemberCoverage}) and the database to be Atomic on each. The first failing
 * rule blocks; nothing is mutated. Stateless apart from the port; thread-safe if the port is.
 */
public final class StrictClusterAdmission {
    private final CatalogPort catalog;

    public StrictClusterAdmission(CatalogPort catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public ClusterAdmission admit(String cluster, TableRef target, TableRef candidate) {
        CatalogRead<ClusterInventory> read = catalog.inventory(cluster);
        if (read instanceof CatalogRead.Unreadable<ClusterInventory> unreadable) {
            return new Blocked(Reason.INVENTORY_UNREADABLE, unreadable.describe());
        }
        ClusterInventory inventory = ((CatalogRead.Observed<ClusterInventory>) read).facts();
        if (InventoryAdmission.admit(inventory) instanceof AdmissionResult.Rejected rejected) {
            return new Blocked(Reason.valueOf(rejected.reason().name()));
        }
        CatalogRead<List<MemberFacts>> answered = catalog.members(cluster, target, candidate);
        if (answered instanceof CatalogRead.Unreadable<List<MemberFacts>> unreadable) {
            return new Blocked(Reason.MEMBERS_UNREADABLE, unreadable.describe());
        }
        List<MemberFacts> members = ((CatalogRead.Observed<List<MemberFacts>>) answered).facts();
        var gap = MemberCoverage.check(inventory.endpoints(), members.stream().map(MemberFacts::member).toList());
        if (gap.isPresent()) {
            return new Blocked(switch (gap.get()) {
                case MISSING_MEMBER -> Reason.MEMBER_MISSING;
                case DUPLICATED_MEMBER -> Reason.MEMBER_DUPLICATED;
                case UNEXPECTED_MEMBER -> Reason.MEMBER_UNEXPECTED;
            });
        }
        if (!members.stream().allMatch(MemberFacts::databaseIsAtomic)) {
            return new Blocked(Reason.DATABASE_NOT_ATOMIC);
        }
        return new Admitted(inventory, members);
    }
}
