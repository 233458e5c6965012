package io.dpone.clickhouse.cluster.contract.inventory;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;

/** The outcome of strict inventory admission (spec section 1). Callers must switch over it. */
public sealed interface AdmissionResult {
    /** Every rule holds; {@code inventory} is the admitted one and its endpoints are the expected host set. */
    record Admitted(ClusterInventory inventory) implements AdmissionResult {
        public Admitted {
            requireNonNull(inventory, "inventory is null");
        }
    }

    /** A rule failed before any mutation; {@code code} is the stable error family. */
    record Rejected(DponeErrorCode code, RejectionReason reason) implements AdmissionResult {
        public Rejected {
            requireNonNull(code, "code is null");
            requireNonNull(reason, "reason is null");
        }
    }

    /** Why an inventory was rejected; names are stable and safe for evidence. */
    enum RejectionReason {
        NO_MEMBERS(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        FOREIGN_CLUSTER_ROW(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        DUPLICATE_ENDPOINT(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        DUPLICATE_REPLICA_NUMBER(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        MORE_THAN_ONE_SHARD(DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED),
        FEWER_THAN_TWO_REPLICAS(DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED),
        /** Internal mode requires {@code internal_replication = 1} on every row; a row has 0. */
        INTERNAL_REPLICATION_DISABLED(DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED),
        /** External mode requires {@code internal_replication = 0} on every row; a row has 1. */
        INTERNAL_REPLICATION_ENABLED(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_MODE_MISMATCH);

        private final DponeErrorCode code;

        RejectionReason(DponeErrorCode code) {
            this.code = code;
        }

        public DponeErrorCode code() {
            return code;
        }
    }
}
