package io.dpone.clickhouse.cluster.contract.inventory;

import io.dpone.clickhouse.cluster.contract.inventory.AdmissionResult.Admitted;
import io.dpone.clickhouse.cluster.contract.inventory.AdmissionResult.Rejected;
import io.dpone.clickhouse.cluster.contract.inventory.AdmissionResult.RejectionReason;
import io.dpone.spi.manifest.ReplicationMode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Strict admission of a {@code system.clusters} inventory (spec section 1): exactly one shard, at
 * least two unique replica endpoints, unique replica numbers and the same internal_replication
 * flag on every row, the one the declared mode requires (internal mode 1, external mode 0; spec
 * 001, "uniform replication flags matching the declared mode"). Replica numbers are unique within
 * a shard. Completeness faults are checked before topology faults so a duplicated row is never
 * misreported as a supported topology. Stateless and thread-safe.
 */
public final class InventoryAdmission {
    public static final int MIN_REPLICAS = 2;

    private InventoryAdmission() {}

    /** Internal mode: every row must have {@code internal_replication = 1}. */
    public static AdmissionResult admit(ClusterInventory inventory) {
        return admit(inventory, ReplicationMode.INTERNAL);
    }

    /**
     * @param mode the declared mode, whose flag every row must carry: internal mode 1
     *     ({@link RejectionReason#INTERNAL_REPLICATION_DISABLED} otherwise), external mode 0
     *     ({@link RejectionReason#INTERNAL_REPLICATION_ENABLED})
     */
    public static AdmissionResult admit(ClusterInventory inventory, ReplicationMode mode) {
        RejectionReason reason = firstViolation(inventory, mode);
        return reason == null ? new Admitted(inventory) : new Rejected(reason.code(), reason);
    }

    private static RejectionReason firstViolation(ClusterInventory inventory, ReplicationMode mode) {
        if (inventory.members().isEmpty()) {
            return RejectionReason.NO_MEMBERS;
        }
        Set<HostEndpoint> endpoints = new HashSet<>();
        Set<List<Long>> replicaNumbers = new HashSet<>();
        Set<Long> shards = new HashSet<>();
        for (ClusterMember member : inventory.members()) {
            if (!member.cluster().equals(inventory.cluster())) {
                return RejectionReason.FOREIGN_CLUSTER_ROW;
            }
            if (!endpoints.add(member.endpoint())) {
                return RejectionReason.DUPLICATE_ENDPOINT;
            }
            if (!replicaNumbers.add(List.of(member.shardNumber(), member.replicaNumber()))) {
                return RejectionReason.DUPLICATE_REPLICA_NUMBER;
            }
            shards.add(member.shardNumber());
        }
        if (shards.size() != 1) {
            return RejectionReason.MORE_THAN_ONE_SHARD;
        }
        if (endpoints.size() < MIN_REPLICAS) {
            return RejectionReason.FEWER_THAN_TWO_REPLICAS;
        }
        boolean internalReplication = mode == ReplicationMode.INTERNAL;
        boolean uniform =
                inventory.members().stream().allMatch(member -> member.internalReplication() == internalReplication);
        if (uniform) {
            return null;
        }
        return internalReplication
                ? RejectionReason.INTERNAL_REPLICATION_DISABLED
                : RejectionReason.INTERNAL_REPLICATION_ENABLED;
    }
}
