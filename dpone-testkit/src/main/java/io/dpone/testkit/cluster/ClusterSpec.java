package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;
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
 * @param timeZones each member's server {@code <timezone>} in member order, or empty for the server's
 *     default (the machine's zone) on every member
 */
public record ClusterSpec(
        String clusterName,
        int members,
        boolean internalReplication,
        RemoteServersLayout layout,
        List<String> timeZones) {

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
        timeZones = List.copyOf(requireNonNull(timeZones, "timeZones is null"));
        if (!timeZones.isEmpty() && timeZones.size() != members) {
            throw new IllegalArgumentException("timeZones names one zone per member, or none");
        }
        for (String zone : timeZones) {
            try {
                ZoneId.of(zone);
            } catch (DateTimeException e) {
                throw new IllegalArgumentException("timeZones holds a zone id the JDK does not know", e);
            }
        }
    }

    /** Every member in the server's default time zone. */
    public ClusterSpec(String clusterName, int members, boolean internalReplication, RemoteServersLayout layout) {
        this(clusterName, members, internalReplication, layout, List.of());
    }

    /** The supported layout: every member once in one shard. */
    public ClusterSpec(String clusterName, int members, boolean internalReplication) {
        this(clusterName, members, internalReplication, RemoteServersLayout.ONE_SHARD);
    }

    /** Member {@code index}'s configured {@code <timezone>}, empty for the server's default. */
    public java.util.Optional<String> timeZone(int index) {
        return timeZones.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(timeZones.get(index));
    }

    /** Two members of {@value #DEFAULT_CLUSTER_NAME} in internal mode. */
    public static ClusterSpec twoMembers() {
        return new ClusterSpec(DEFAULT_CLUSTER_NAME, 2, true);
    }
}
