package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

import java.util.regex.Pattern;

/**
 * The cluster a test asks for: {@code members} running replicas, listed in {@code <remote_servers>}
 * of the named cluster as {@code layout} says (one shard by default).
 *
 * @param clusterName name in {@code <remote_servers>} and {@code system.clusters}
 * @param members number of members (replicas of the single shard), 1 to 5
 * @param internalReplication the shard's {@code <internal_replication>} flag: {@code true} for
 *     internal mode, {@code false} for external mode
 * @param layout how {@code <remote_servers>} lists the members; {@link RemoteServersLayout#ONE_SHARD}
 *     unless a test needs an unsupported topology
 */
public record ClusterSpec(String clusterName, int members, boolean internalReplication, RemoteServersLayout layout) {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

    public static final String DEFAULT_CLUSTER_NAME = "dpone_cluster";

    public ClusterSpec {
        requireNonNull(clusterName, "clusterName is null");
        if (!IDENTIFIER.matcher(clusterName).matches()) {
            throw new IllegalArgumentException("clusterName must be a plain identifier");
        }
        if (members < 1 || members > 5) {
            throw new IllegalArgumentException("members must be between 1 and 5");
        }
        requireNonNull(layout, "layout is null");
    }

    /** The supported layout: every member once in one shard. */
    public ClusterSpec(String clusterName, int members, boolean internalReplication) {
        this(clusterName, members, internalReplication, RemoteServersLayout.ONE_SHARD);
    }

    /** Two members of {@value #DEFAULT_CLUSTER_NAME} in internal mode. */
    public static ClusterSpec twoMembers() {
        return new ClusterSpec(DEFAULT_CLUSTER_NAME, 2, true);
    }
}
