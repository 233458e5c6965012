package io.dpone.clickhouse.cluster.contract.generation;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The pre-authority readiness barrier (seed section 2, "wait for candidate replication"): every
 * expected member reports exactly once, is writable with a live session, has an empty queue and
 * no Keeper or queue exception, sees {@code active_replicas = total_replicas = N}, has copied the
 * whole replication log ({@code log_pointer > log_max_index}, or both 0 for an empty log) and
 * counts the expected staged rows. Pure and thread-safe; the caller polls with its own policy.
 */
public final class ReadinessBarrier {
    private ReadinessBarrier() {
    }

    /** Gaps per member (set-level gaps under the member they concern); empty means ready. */
    public static Map<HostEndpoint, Set<ReadinessGap>> gaps(
            Set<HostEndpoint> expectedMembers, List<ReplicaHealth> observed, long expectedRowCount) {
        Map<HostEndpoint, Set<ReadinessGap>> gaps = new HashMap<>();
        Map<HostEndpoint, Integer> seen = new HashMap<>();
        for (ReplicaHealth health : observed) {
            seen.merge(health.member(), 1, Integer::sum);
            if (!expectedMembers.contains(health.member())) {
                add(gaps, health.member(), ReadinessGap.UNEXPECTED_MEMBER);
                continue;
            }
            memberGaps(health, expectedMembers.size(), expectedRowCount).forEach(gap -> add(gaps, health.member(), gap));
        }
        for (HostEndpoint member : expectedMembers) {
            int count = seen.getOrDefault(member, 0);
            if (count == 0) {
                add(gaps, member, ReadinessGap.MISSING_MEMBER);
            } else if (count > 1) {
                add(gaps, member, ReadinessGap.DUPLICATE_MEMBER);
            }
        }
        Map<HostEndpoint, Set<ReadinessGap>> frozen = new HashMap<>();
        gaps.forEach((member, memberGaps) -> frozen.put(member, Set.copyOf(memberGaps)));
        return Map.copyOf(frozen);
    }

    public static boolean isReady(Set<HostEndpoint> expectedMembers, List<ReplicaHealth> observed, long expectedRowCount) {
        return !expectedMembers.isEmpty() && gaps(expectedMembers, observed, expectedRowCount).isEmpty();
    }

    static List<ReadinessGap> memberGaps(ReplicaHealth health, int expectedReplicas, long expectedRowCount) {
        List<ReadinessGap> gaps = new ArrayList<>();
        if (health.readonly()) {
            gaps.add(ReadinessGap.READONLY);
        }
        if (health.sessionExpired()) {
            gaps.add(ReadinessGap.SESSION_EXPIRED);
        }
        if (health.queueSize() != 0) {
            gaps.add(ReadinessGap.QUEUE_NOT_EMPTY);
        }
        if (!isBlank(health.lastQueueUpdateException()) || !isBlank(health.zookeeperException())) {
            gaps.add(ReadinessGap.REPLICATION_EXCEPTION);
        }
        if (health.activeReplicas() != expectedReplicas || health.totalReplicas() != expectedReplicas) {
            gaps.add(ReadinessGap.REPLICA_COUNT_MISMATCH);
        }
        if (!caughtUp(health.logPointer(), health.logMaxIndex())) {
            gaps.add(ReadinessGap.LOG_NOT_CAUGHT_UP);
        }
        if (health.stagedRowCount() != expectedRowCount) {
            gaps.add(ReadinessGap.ROW_COUNT_MISMATCH);
        }
        return gaps;
    }

    // log_pointer is the next log index the replica will copy; an empty log reports 0 for both.
    private static boolean caughtUp(long logPointer, long logMaxIndex) {
        return logPointer > logMaxIndex || (logPointer == 0 && logMaxIndex == 0);
    }

    private static boolean isBlank(String text) {
        return text == null || text.isEmpty();
    }

    private static void add(Map<HostEndpoint, Set<ReadinessGap>> gaps, HostEndpoint member, ReadinessGap gap) {
        gaps.computeIfAbsent(member, ignored -> EnumSet.noneOf(ReadinessGap.class)).add(gap);
    }
}
