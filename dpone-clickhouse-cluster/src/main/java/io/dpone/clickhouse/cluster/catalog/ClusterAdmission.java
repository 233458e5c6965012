package io.dpone.clickhouse.cluster.catalog;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.spi.error.DponeErrorCode;
import java.util.List;

/** The outcome of strict cluster admission over the catalog. Callers must switch over it. */
public sealed interface ClusterAdmission {
    /** The inventory passed section 1 and every member answered once, with an Atomic database. */
    record Admitted(ClusterInventory inventory, List<MemberFacts> members) implements ClusterAdmission {
        public Admitted {
            requireNonNull(inventory, "inventory is null");
            members = List.copyOf(requireNonNull(members, "members is null"));
        }
    }

    /**
     * Blocked before any mutation; {@code reason} is a stable name, {@code code} its error family
     * and {@code detail} the redacted read failure when a read failed (empty otherwise).
     */
    record Blocked(DponeErrorCode code, Reason reason, String detail) implements ClusterAdmission {
        public Blocked {
            requireNonNull(code, "code is null");
            requireNonNull(reason, "reason is null");
            requireNonNull(detail, "detail is null");
        }

        Blocked(Reason reason) {
            this(reason.code, reason, "");
        }

        Blocked(Reason reason, String detail) {
            this(reason.code, reason, detail);
        }
    }

    /** Why admission blocked, beyond the inventory rules of {@code AdmissionResult.RejectionReason}. */
    enum Reason {
        INVENTORY_UNREADABLE(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        MEMBERS_UNREADABLE(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        MEMBER_MISSING(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        MEMBER_DUPLICATED(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        MEMBER_UNEXPECTED(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        DATABASE_NOT_ATOMIC(DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED),
        NO_MEMBERS(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        FOREIGN_CLUSTER_ROW(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        DUPLICATE_ENDPOINT(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        DUPLICATE_REPLICA_NUMBER(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        MORE_THAN_ONE_SHARD(DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED),
        FEWER_THAN_TWO_REPLICAS(DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED),
        INTERNAL_REPLICATION_DISABLED(DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED);

        private final DponeErrorCode code;

        Reason(DponeErrorCode code) {
            this.code = code;
        }

        public DponeErrorCode code() {
            return code;
        }
    }
}
