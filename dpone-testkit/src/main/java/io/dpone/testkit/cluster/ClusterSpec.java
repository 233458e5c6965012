package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

import java.util.regex.Pattern;

/**
 * The cluster a test asks for: {@code members} replicas in one shard of the named cluster.
 *
 * @param clusterName name in {@code <remote_servers>} and {@code system.clusters}
 * @param members number of members (replicas of the single shard), 1 to 5
 * @param internalReplication the shard's {@code <internal_replication>} flag: {@code true} for
 *     internal mode, {@code false} for external mode
 */
public record ClusterSpec(String clusterName, int members, boolean internalReplication) {

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
    }

    /** Two members of {@value #DEFAULT_CLUSTER_NAME} in internal mode. */
    public static ClusterSpec twoMembers() {
        return new ClusterSpec(DEFAULT_CLUSTER_NAME, 2, true);
    }
}
