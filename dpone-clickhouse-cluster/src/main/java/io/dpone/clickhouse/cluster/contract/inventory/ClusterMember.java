package io.dpone.clickhouse.cluster.contract.inventory;

import static java.util.Objects.requireNonNull;

/**
 * One {@code system.clusters} row: cluster, shard_num, replica_num, host_name, host_address,
 * port (the native port) and internal_replication. None of these columns is nullable on the
 * server; UInt32 numbers are carried as {@code long}.
 */
public record ClusterMember(
        String cluster,
        long shardNumber,
        long replicaNumber,
        String hostName,
        String hostAddress,
        int nativePort,
        boolean internalReplication) {
    public ClusterMember {
        requireNonNull(cluster, "cluster is null");
        requireNonNull(hostName, "hostName is null");
        requireNonNull(hostAddress, "hostAddress is null");
        requireUInt32(shardNumber, "shardNumber");
        requireUInt32(replicaNumber, "replicaNumber");
        if (nativePort < 0 || nativePort > 65_535) {
            throw new IllegalArgumentException("nativePort must be a UInt16");
        }
    }

    /** The identity the distributed-DDL queue reports for this member. */
    public HostEndpoint endpoint() {
        return new HostEndpoint(hostName, nativePort);
    }

    private static void requireUInt32(long value, String name) {
        if (value < 0 || value > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException(name + " must be a UInt32");
        }
    }

    @Override
    public String toString() {
        return "ClusterMember[shard=" + shardNumber + ", replica=" + replicaNumber + "]";
    }
}
