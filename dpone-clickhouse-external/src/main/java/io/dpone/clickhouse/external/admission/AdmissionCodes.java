package io.dpone.clickhouse.external.admission;

import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.spi.error.DponeErrorCode;

/**
 * The external failure family of each shared membership rule (the pages of
 * CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE, _MODE_MISMATCH and _ENGINE_UNSUPPORTED list
 * them): every completeness and topology fault of the inventory is an incomplete external
 * inventory, a replication flag of the other mode is a mode mismatch, and a non-Atomic database is
 * an unsupported engine. Pure.
 */
public final class AdmissionCodes {
    private AdmissionCodes() {}

    /** The code of a blocked admission: a coordinator connection fault keeps its own connection code. */
    public static DponeErrorCode of(ClusterAdmission.Blocked blocked) {
        return blocked.reason() == ClusterAdmission.Reason.COORDINATOR_CONNECTION_FAILED
                ? blocked.code()
                : of(blocked.reason());
    }

    public static DponeErrorCode of(ClusterAdmission.Reason reason) {
        return switch (reason) {
            case INTERNAL_REPLICATION_ENABLED, INTERNAL_REPLICATION_DISABLED ->
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_MODE_MISMATCH;
            case DATABASE_NOT_ATOMIC -> DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED;
            case INVENTORY_UNREADABLE,
                    MEMBERS_UNREADABLE,
                    MEMBER_MISSING,
                    MEMBER_DUPLICATED,
                    MEMBER_UNEXPECTED,
                    NO_MEMBERS,
                    FOREIGN_CLUSTER_ROW,
                    DUPLICATE_ENDPOINT,
                    DUPLICATE_REPLICA_NUMBER,
                    MORE_THAN_ONE_SHARD,
                    FEWER_THAN_TWO_REPLICAS -> DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE;
            default -> reason.code();
        };
    }
}
