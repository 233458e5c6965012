package io.dpone.clickhouse.cluster.contract.generation;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;

/**
 * The {@code system.replicas} facts of the candidate on one member, plus its counted rows. The
 * exception texts are carried only to be tested for emptiness; they never reach evidence.
 *
 * @param lastQueueUpdateException {@code last_queue_update_exception}; null or empty means none
 * @param zookeeperException {@code zookeeper_exception}; null or empty means none
 * @param stagedRowCount {@code count()} of the candidate on this member
 */
public record ReplicaHealth(
        HostEndpoint member,
        boolean readonly,
        boolean sessionExpired,
        long queueSize,
        String lastQueueUpdateException,
        String zookeeperException,
        long activeReplicas,
        long totalReplicas,
        long logPointer,
        long logMaxIndex,
        long stagedRowCount) {
    public ReplicaHealth {
        requireNonNull(member, "member is null");
    }

    /** Exception texts can name hosts and paths; they never reach logs through this record. */
    @Override
    public String toString() {
        return "ReplicaHealth[readonly=" + readonly + ", sessionExpired=" + sessionExpired + ", queueSize=" + queueSize
                + ", activeReplicas=" + activeReplicas + ", totalReplicas=" + totalReplicas + "]";
    }
}
