package io.dpone.clickhouse.cluster.contract.reconcile;

import io.dpone.spi.error.DponeErrorCode;

/** Why a classification is OUTCOME_UNKNOWN or cleanup is prohibited; stable, safe for evidence. */
public enum UnknownCause {
    MEMBERSHIP_MISMATCH(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
    MEMBER_UNAVAILABLE(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED),
    UNKNOWN_IDENTITY(DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN),
    QUEUE_UNRESOLVED(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED),
    PHASE_MISMATCH(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED),
    CONTRADICTORY_EVIDENCE(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED),
    REPLICATION_NOT_READY(DponeErrorCode.CLICKHOUSE_CLUSTER_REPLICATION_NOT_READY);

    private final DponeErrorCode code;

    UnknownCause(DponeErrorCode code) {
        this.code = code;
    }

    public DponeErrorCode code() {
        return code;
    }
}
