package io.dpone.clickhouse.cluster.contract.generation;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The pre-authority readiness barrier (spec section 2, "wait for candidate replication"): every
 * expected member reports exactly once, is writable with a live session, has an empty queue and
 * no Keeper or queue exception, sees {@code active_replicas = total_replicas = N}, has copied the
 * whole replication log and counts the expected staged rows. Pure and thread-safe; the caller
 * polls with its own policy.
 *
 * <p>{@link #replicationGaps} is the same barrier without the row count: the "complete replication
 * health" cleanup needs for the published target (spec section 6). The staged count belongs to the
 * immutable candidate only; once published, the target is the platform's table and a legitimate
 * insert may change its count (issue 18, finding 3).
 *
 * <p>Caught up: {@code log_max_index} is the highest N of the {@code log-N} nodes (0 when there
 * are none) and {@code log_pointer} the next index the replica will pull (0 before its first
 * pull), so a replica that has pulled the whole log reports {@code log_pointer = log_max_index +
 * 1}. That is the rule. {@code 0/0} is ambiguous on one replica: an empty log, or a log holding
 * only {@code log-0000000000} that this replica has not pulled yet (it reports 1/0 after the
 * pull). A replica's {@code 0/0} counts as caught up only when the log is provably empty from
 * the whole set: every expected member reported exactly once, each with a live session and no
 * Keeper exception (an expired session also reads 0/0), each reports 0/0, and each counts the
 * expected staged rows. If the log held an entry that no replica had pulled, the data it carries
 * would be on its originating replica only, so not every replica could count the expected rows
 * (for a candidate that dpone only creates and inserts into; an unpulled non-insert entry with
 * zero expected rows is the one case this cannot see). Any replica reporting
 * {@code log_pointer >= 1} or {@code log_max_index >= 1} proves the log non-empty, and then 0/0
 * is not caught up. A pointer beyond {@code log_max_index + 1} is not caught up either (the log
 * moved between the two Keeper reads; the next poll settles it).
 */
public final class ReadinessBarrier {
    private ReadinessBarrier() {}

    /** Gaps per member (set-level gaps under the member they concern); empty means ready. */
    public static Map<HostEndpoint, Set<ReadinessGap>> gaps(
            Set<HostEndpoint> expectedMembers, List<ReplicaHealth> observed, long expectedRowCount) {
        return gaps(expectedMembers, observed, OptionalLong.of(expectedRowCount));
    }

    /**
     * The barrier without the row count, for a table whose rows dpone no longer owns. Its
     * {@code 0/0} witness is every member's {@code 0/0} with a live session and no Keeper
     * exception: a log holding only {@code log-0000000000} that no replica pulled yet then counts
     * as empty. For the published target that is a first insert nobody pulled yet, not dpone's
     * data: the candidate's own insert was proven on every replica before dispatch, and a replica's
     * {@code log_pointer} never goes back.
     */
    public static Map<HostEndpoint, Set<ReadinessGap>> replicationGaps(
            Set<HostEndpoint> expectedMembers, List<ReplicaHealth> observed) {
        return gaps(expectedMembers, observed, OptionalLong.empty());
    }

    public static boolean isReady(
            Set<HostEndpoint> expectedMembers, List<ReplicaHealth> observed, long expectedRowCount) {
        return !expectedMembers.isEmpty()
                && gaps(expectedMembers, observed, expectedRowCount).isEmpty();
    }

    /** True when {@link #replicationGaps} finds none. */
    public static boolean isHealthy(Set<HostEndpoint> expectedMembers, List<ReplicaHealth> observed) {
        return !expectedMembers.isEmpty()
                && replicationGaps(expectedMembers, observed).isEmpty();
    }

    private static Map<HostEndpoint, Set<ReadinessGap>> gaps(
            Set<HostEndpoint> expectedMembers, List<ReplicaHealth> observed, OptionalLong expectedRowCount) {
        Map<HostEndpoint, Set<ReadinessGap>> gaps = new HashMap<>();
        Map<HostEndpoint, Integer> seen = new HashMap<>();
        boolean logEmpty = logProvablyEmpty(expectedMembers, observed, expectedRowCount);
        for (ReplicaHealth health : observed) {
            seen.merge(health.member(), 1, Integer::sum);
            if (!expectedMembers.contains(health.member())) {
                add(gaps, health.member(), ReadinessGap.UNEXPECTED_MEMBER);
                continue;
            }
            memberGaps(health, expectedMembers.size(), expectedRowCount, logEmpty)
                    .forEach(gap -> add(gaps, health.member(), gap));
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

    static List<ReadinessGap> memberGaps(
            ReplicaHealth health, int expectedReplicas, OptionalLong expectedRowCount, boolean logProvablyEmpty) {
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
        if (!caughtUp(health.logPointer(), health.logMaxIndex(), logProvablyEmpty)) {
            gaps.add(ReadinessGap.LOG_NOT_CAUGHT_UP);
        }
        if (expectedRowCount.isPresent() && health.stagedRowCount() != expectedRowCount.getAsLong()) {
            gaps.add(ReadinessGap.ROW_COUNT_MISMATCH);
        }
        return gaps;
    }

    static boolean caughtUp(long logPointer, long logMaxIndex, boolean logProvablyEmpty) {
        boolean pulledAll = logMaxIndex >= 0 && logMaxIndex < Long.MAX_VALUE && logPointer == logMaxIndex + 1;
        return pulledAll || (logPointer == 0 && logMaxIndex == 0 && logProvablyEmpty);
    }

    /** The whole expected set proves an empty log (see the class comment); a partial set never does. */
    static boolean logProvablyEmpty(
            Set<HostEndpoint> expectedMembers, List<ReplicaHealth> observed, OptionalLong expectedRowCount) {
        Map<HostEndpoint, Integer> reports = new HashMap<>();
        for (ReplicaHealth health : observed) {
            if (!expectedMembers.contains(health.member())) {
                continue;
            }
            reports.merge(health.member(), 1, Integer::sum);
            boolean witness = health.logPointer() == 0
                    && health.logMaxIndex() == 0
                    && !health.sessionExpired()
                    && isBlank(health.zookeeperException())
                    && (expectedRowCount.isEmpty() || health.stagedRowCount() == expectedRowCount.getAsLong());
            if (!witness) {
                return false;
            }
        }
        return !expectedMembers.isEmpty()
                && reports.size() == expectedMembers.size()
                && reports.values().stream().allMatch(count -> count == 1);
    }

    private static boolean isBlank(String text) {
        return text == null || text.isEmpty();
    }

    private static void add(Map<HostEndpoint, Set<ReadinessGap>> gaps, HostEndpoint member, ReadinessGap gap) {
        gaps.computeIfAbsent(member, ignored -> EnumSet.noneOf(ReadinessGap.class))
                .add(gap);
    }
}
