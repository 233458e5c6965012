package io.dpone.clickhouse.cluster.contract.generation;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Spec section 2's replication readiness conditions, one gap each. */
class ReadinessBarrierTest {
    private static ReplicaHealth healthy(HostEndpoint host) {
        return new ReplicaHealth(host, false, false, 0, "", null, 2, 2, 5, 4, 42);
    }

    private static Set<ReadinessGap> gapsOfA(ReplicaHealth a) {
        Map<HostEndpoint, Set<ReadinessGap>> gaps = ReadinessBarrier.gaps(TWO_HOSTS, List.of(a, healthy(HOST_B)), 42);
        return gaps.getOrDefault(HOST_A, Set.of());
    }

    @Test
    void healthyReplicasAreReady() {
        assertTrue(ReadinessBarrier.isReady(TWO_HOSTS, List.of(healthy(HOST_A), healthy(HOST_B)), 42));
        assertTrue(ReadinessBarrier.isReady(
                TWO_HOSTS,
                List.of(
                        new ReplicaHealth(HOST_A, false, false, 0, null, null, 2, 2, 0, 0, 0),
                        new ReplicaHealth(HOST_B, false, false, 0, null, null, 2, 2, 0, 0, 0)),
                0));
    }

    @Test
    void eachConditionIsItsOwnGap() {
        assertEquals(
                Set.of(ReadinessGap.READONLY),
                gapsOfA(new ReplicaHealth(HOST_A, true, false, 0, "", "", 2, 2, 5, 4, 42)));
        assertEquals(
                Set.of(ReadinessGap.SESSION_EXPIRED),
                gapsOfA(new ReplicaHealth(HOST_A, false, true, 0, "", "", 2, 2, 5, 4, 42)));
        assertEquals(
                Set.of(ReadinessGap.QUEUE_NOT_EMPTY),
                gapsOfA(new ReplicaHealth(HOST_A, false, false, 1, "", "", 2, 2, 5, 4, 42)));
        assertEquals(
                Set.of(ReadinessGap.REPLICATION_EXCEPTION),
                gapsOfA(new ReplicaHealth(HOST_A, false, false, 0, "x", "", 2, 2, 5, 4, 42)));
        assertEquals(
                Set.of(ReadinessGap.REPLICATION_EXCEPTION),
                gapsOfA(new ReplicaHealth(HOST_A, false, false, 0, null, "x", 2, 2, 5, 4, 42)));
        assertEquals(
                Set.of(ReadinessGap.REPLICA_COUNT_MISMATCH),
                gapsOfA(new ReplicaHealth(HOST_A, false, false, 0, "", "", 1, 2, 5, 4, 42)));
        assertEquals(
                Set.of(ReadinessGap.REPLICA_COUNT_MISMATCH),
                gapsOfA(new ReplicaHealth(HOST_A, false, false, 0, "", "", 3, 3, 5, 4, 42)));
        assertEquals(
                Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP),
                gapsOfA(new ReplicaHealth(HOST_A, false, false, 0, "", "", 2, 2, 4, 4, 42)));
        assertEquals(
                Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP),
                gapsOfA(new ReplicaHealth(HOST_A, false, false, 0, "", "", 2, 2, 7, 4, 42)),
                "a pointer beyond log_max_index + 1 is not a caught-up log");
        assertEquals(
                Set.of(ReadinessGap.ROW_COUNT_MISMATCH),
                gapsOfA(new ReplicaHealth(HOST_A, false, false, 0, "", "", 2, 2, 5, 4, 41)));
    }

    /**
     * Issue 18, finding 3: cleanup's health of the published target is every condition but the row
     * count, which a legitimate insert into the target may change.
     */
    @Test
    void replicationHealthIsEveryConditionButTheRowCount() {
        assertTrue(
                ReadinessBarrier.isHealthy(TWO_HOSTS, List.of(log(HOST_A, 5, 4, 43), log(HOST_B, 5, 4, 42))),
                "counts differ (an outside insert), replication complete");
        List<ReplicaHealth> unhealthy = List.of(
                new ReplicaHealth(HOST_A, true, false, 0, "", "", 2, 2, 5, 4, 1),
                new ReplicaHealth(HOST_A, false, true, 0, "", "", 2, 2, 5, 4, 1),
                new ReplicaHealth(HOST_A, false, false, 1, "", "", 2, 2, 5, 4, 1),
                new ReplicaHealth(HOST_A, false, false, 0, "x", "", 2, 2, 5, 4, 1),
                new ReplicaHealth(HOST_A, false, false, 0, "", "x", 2, 2, 5, 4, 1),
                new ReplicaHealth(HOST_A, false, false, 0, "", "", 1, 2, 5, 4, 1),
                new ReplicaHealth(HOST_A, false, false, 0, "", "", 2, 2, 4, 4, 1));
        for (ReplicaHealth a : unhealthy) {
            assertFalse(ReadinessBarrier.isHealthy(TWO_HOSTS, List.of(a, healthy(HOST_B))), a.toString());
            assertFalse(ReadinessBarrier.replicationGaps(TWO_HOSTS, List.of(a, healthy(HOST_B)))
                    .get(HOST_A)
                    .contains(ReadinessGap.ROW_COUNT_MISMATCH));
        }
        assertEquals(
                Set.of(ReadinessGap.MISSING_MEMBER),
                ReadinessBarrier.replicationGaps(TWO_HOSTS, List.of(healthy(HOST_A)))
                        .get(HOST_B));
        assertFalse(ReadinessBarrier.isHealthy(Set.of(), List.of()));
    }

    @Test
    void withoutARowCountZeroZeroIsCaughtUpOnlyWhenEveryLiveReplicaReportsIt() {
        assertTrue(ReadinessBarrier.isHealthy(TWO_HOSTS, List.of(log(HOST_A, 0, 0, 7), log(HOST_B, 0, 0, 0))));
        assertEquals(
                Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP),
                ReadinessBarrier.replicationGaps(TWO_HOSTS, List.of(log(HOST_A, 0, 0, 7), log(HOST_B, 1, 0, 7)))
                        .get(HOST_A));
        ReplicaHealth expired = new ReplicaHealth(HOST_B, false, true, 0, "", "", 2, 2, 0, 0, 7);
        assertEquals(
                Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP),
                ReadinessBarrier.replicationGaps(TWO_HOSTS, List.of(log(HOST_A, 0, 0, 7), expired))
                        .get(HOST_A),
                "an expired session also reads 0/0: it proves nothing");
    }

    private static ReplicaHealth log(HostEndpoint host, long pointer, long maxIndex, long rows) {
        return new ReplicaHealth(host, false, false, 0, "", "", 2, 2, pointer, maxIndex, rows);
    }

    @Test
    void anEmptyLogIsCaughtUpWhenEveryReplicaProvesIt() {
        // Empty log: log_max_index = 0 and log_pointer = 0 on every replica, every replica has the rows.
        assertTrue(ReadinessBarrier.isReady(TWO_HOSTS, List.of(log(HOST_A, 0, 0, 0), log(HOST_B, 0, 0, 0)), 0));
        assertTrue(ReadinessBarrier.isReady(TWO_HOSTS, List.of(log(HOST_A, 0, 0, 42), log(HOST_B, 0, 0, 42)), 42));
    }

    @Test
    void onlyLogZeroBeforeAndAfterThePull() {
        // Only log-0000000000 exists. A replica that pulled it reports 1/0, one that has not 0/0.
        Map<HostEndpoint, Set<ReadinessGap>> halfPulled =
                ReadinessBarrier.gaps(TWO_HOSTS, List.of(log(HOST_A, 0, 0, 42), log(HOST_B, 1, 0, 42)), 42);
        assertEquals(
                Map.of(HOST_A, Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP)),
                halfPulled,
                "another replica's pointer proves the log non-empty, so 0/0 is behind");
        // Nobody pulled it yet: both 0/0, and only the inserting replica has the rows.
        Map<HostEndpoint, Set<ReadinessGap>> nonePulled =
                ReadinessBarrier.gaps(TWO_HOSTS, List.of(log(HOST_A, 0, 0, 42), log(HOST_B, 0, 0, 0)), 42);
        assertEquals(Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP), nonePulled.get(HOST_A));
        assertEquals(Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP, ReadinessGap.ROW_COUNT_MISMATCH), nonePulled.get(HOST_B));
        // Both pulled it.
        assertTrue(ReadinessBarrier.isReady(TWO_HOSTS, List.of(log(HOST_A, 1, 0, 42), log(HOST_B, 1, 0, 42)), 42));
    }

    @Test
    void zeroZeroIsBehindWhenAnyReplicaSeesALongerLog() {
        assertEquals(
                Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP),
                ReadinessBarrier.gaps(TWO_HOSTS, List.of(log(HOST_A, 0, 0, 42), log(HOST_B, 3, 2, 42)), 42)
                        .get(HOST_A));
        assertEquals(
                Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP),
                ReadinessBarrier.gaps(TWO_HOSTS, List.of(log(HOST_A, 0, 0, 42), log(HOST_B, 0, 2, 42)), 42)
                        .get(HOST_A));
    }

    @Test
    void zeroZeroFromAnUnreliableOrPartialSetProvesNothing() {
        // An expired session reads 0 for the Keeper columns whatever the log holds.
        ReplicaHealth expired = new ReplicaHealth(HOST_B, false, true, 0, "", "", 2, 2, 0, 0, 42);
        assertEquals(
                Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP),
                ReadinessBarrier.gaps(TWO_HOSTS, List.of(log(HOST_A, 0, 0, 42), expired), 42)
                        .get(HOST_A));
        ReplicaHealth keeperError =
                new ReplicaHealth(HOST_B, false, false, 0, "", "Coordination error", 2, 2, 0, 0, 42);
        assertEquals(
                Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP),
                ReadinessBarrier.gaps(TWO_HOSTS, List.of(log(HOST_A, 0, 0, 42), keeperError), 42)
                        .get(HOST_A));
        assertEquals(
                Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP),
                ReadinessBarrier.gaps(TWO_HOSTS, List.of(log(HOST_A, 0, 0, 42)), 42)
                        .get(HOST_A),
                "member B missing");
        assertEquals(
                Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP),
                ReadinessBarrier.gaps(
                                TWO_HOSTS,
                                List.of(log(HOST_A, 0, 0, 42), log(HOST_B, 0, 0, 42), log(HOST_B, 0, 0, 42)),
                                42)
                        .get(HOST_A),
                "member B duplicated");
    }

    @Test
    void caughtUpIsPointerEqualsMaxIndexPlusOne() {
        assertTrue(ReadinessBarrier.caughtUp(5, 4, false));
        assertTrue(ReadinessBarrier.caughtUp(1, 0, false));
        assertFalse(ReadinessBarrier.caughtUp(4, 4, true));
        assertFalse(ReadinessBarrier.caughtUp(6, 4, true));
        assertFalse(ReadinessBarrier.caughtUp(0, 0, false));
        assertTrue(ReadinessBarrier.caughtUp(0, 0, true));
        assertFalse(ReadinessBarrier.caughtUp(Long.MIN_VALUE, Long.MAX_VALUE, true), "no overflow");
        assertFalse(ReadinessBarrier.caughtUp(0, -1, true), "a negative index is never valid");
    }

    @Test
    void missingDuplicateAndUnexpectedMembersBlock() {
        assertEquals(
                Set.of(ReadinessGap.MISSING_MEMBER),
                ReadinessBarrier.gaps(TWO_HOSTS, List.of(healthy(HOST_A)), 42).get(HOST_B));
        assertEquals(
                Set.of(ReadinessGap.DUPLICATE_MEMBER),
                ReadinessBarrier.gaps(TWO_HOSTS, List.of(healthy(HOST_A), healthy(HOST_B), healthy(HOST_B)), 42)
                        .get(HOST_B));
        assertEquals(
                Set.of(ReadinessGap.UNEXPECTED_MEMBER),
                ReadinessBarrier.gaps(TWO_HOSTS, List.of(healthy(HOST_A), healthy(HOST_B), healthy(HOST_C)), 42)
                        .get(HOST_C));
        assertFalse(ReadinessBarrier.isReady(Set.of(), List.of(), 0));
    }
}
