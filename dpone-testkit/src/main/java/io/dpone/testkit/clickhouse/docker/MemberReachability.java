package io.dpone.testkit.clickhouse.docker;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Whether every running member reaches every running member through the cluster's own connections.
 * A restarted container may come back on a new address; a peer that still resolves its old one
 * (DNS cache) fails {@code clusterAllReplicas} reads and replication fetches, so the harness waits
 * until each member's {@code clusterAllReplicas} read of {@code system.macros} (with
 * {@code skip_unavailable_shards = 1}, so an unreachable member is left out instead of failing the
 * read) names every running member's {@code replica} macro.
 */
final class MemberReachability {
    /** The read each member runs: the replica macro of every member it reaches. */
    static String query(String quotedCluster) {
        return "SELECT substitution FROM clusterAllReplicas(" + quotedCluster
                + ", system.macros) WHERE macro = 'replica'";
    }

    static final Map<String, String> SETTINGS = Map.of("skip_unavailable_shards", "1");

    private MemberReachability() {}

    /**
     * @param reached per running member, the replicas its read named; empty when its read failed
     * @return empty when every running member reached every running member, else who misses whom
     */
    static Optional<String> unmet(Map<String, Optional<Set<String>>> reached) {
        Set<String> running = new TreeSet<>(reached.keySet());
        Map<String, Set<String>> missing = new TreeMap<>();
        reached.forEach((member, replicas) -> {
            Set<String> unseen = new TreeSet<>(running);
            replicas.ifPresent(unseen::removeAll);
            if (!unseen.isEmpty()) {
                missing.put(member, unseen);
            }
        });
        return missing.isEmpty() ? Optional.empty() : Optional.of("members not reached, by member: " + missing);
    }
}
