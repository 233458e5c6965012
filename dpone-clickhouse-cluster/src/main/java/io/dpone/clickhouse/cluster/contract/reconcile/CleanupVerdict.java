package io.dpone.clickhouse.cluster.contract.reconcile;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.spi.error.DponeErrorCode;
import java.util.Map;

/**
 * A cleanup decision with its per-replica evidence.
 *
 * @param cause why cleanup is prohibited; null unless the decision is PROHIBITED
 */
public record CleanupVerdict(CleanupDecision decision, Map<HostEndpoint, ReplicaState> perReplica, UnknownCause cause) {
    public CleanupVerdict {
        requireNonNull(decision, "decision is null");
        perReplica = Map.copyOf(requireNonNull(perReplica, "perReplica is null"));
        if ((decision == CleanupDecision.PROHIBITED) != (cause != null)) {
            throw new IllegalArgumentException("a cause is given exactly for PROHIBITED");
        }
    }

    /** Every prohibition is the unsafe-cleanup family; the cause tells the operator why. */
    public DponeErrorCode prohibitionCode() {
        return DponeErrorCode.CLICKHOUSE_CLUSTER_CLEANUP_UNSAFE;
    }
}
