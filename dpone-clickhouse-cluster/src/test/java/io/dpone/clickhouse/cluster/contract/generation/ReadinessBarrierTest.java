package io.dpone.clickhouse.cluster.contract.generation;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Seed section 2's replication readiness conditions, one gap each. */
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
        assertTrue(ReadinessBarrier.isReady(TWO_HOSTS, List.of(
                new ReplicaHealth(HOST_A, false, false, 0, null, null, 2, 2, 0, 0, 0),
                new ReplicaHealth(HOST_B, false, false, 0, null, null, 2, 2, 0, 0, 0)), 0));
    }

    @Test
    void eachConditionIsItsOwnGap() {
        assertEquals(Set.of(ReadinessGap.READONLY), gapsOfA(new ReplicaHealth(HOST_A, true, false, 0, "", "", 2, 2, 5, 4, 42)));
        assertEquals(Set.of(ReadinessGap.SESSION_EXPIRED), gapsOfA(new ReplicaHealth(HOST_A, false, true, 0, "", "", 2, 2, 5, 4, 42)));
        assertEquals(Set.of(ReadinessGap.QUEUE_NOT_EMPTY), gapsOfA(new ReplicaHealth(HOST_A, false, false, 1, "", "", 2, 2, 5, 4, 42)));
        assertEquals(Set.of(ReadinessGap.REPLICATION_EXCEPTION), gapsOfA(new ReplicaHealth(HOST_A, false, false, 0, "x", "", 2, 2, 5, 4, 42)));
        assertEquals(Set.of(ReadinessGap.REPLICATION_EXCEPTION), gapsOfA(new ReplicaHealth(HOST_A, false, false, 0, null, "x", 2, 2, 5, 4, 42)));
        assertEquals(Set.of(ReadinessGap.REPLICA_COUNT_MISMATCH), gapsOfA(new ReplicaHealth(HOST_A, false, false, 0, "", "", 1, 2, 5, 4, 42)));
        assertEquals(Set.of(ReadinessGap.REPLICA_COUNT_MISMATCH), gapsOfA(new ReplicaHealth(HOST_A, false, false, 0, "", "", 3, 3, 5, 4, 42)));
        assertEquals(Set.of(ReadinessGap.LOG_NOT_CAUGHT_UP), gapsOfA(new ReplicaHealth(HOST_A, false, false, 0, "", "", 2, 2, 4, 4, 42)));
        assertEquals(Set.of(ReadinessGap.ROW_COUNT_MISMATCH), gapsOfA(new ReplicaHealth(HOST_A, false, false, 0, "", "", 2, 2, 5, 4, 41)));
    }

    @Test
    void missingDuplicateAndUnexpectedMembersBlock() {
        assertEquals(Set.of(ReadinessGap.MISSING_MEMBER),
                ReadinessBarrier.gaps(TWO_HOSTS, List.of(healthy(HOST_A)), 42).get(HOST_B));
        assertEquals(Set.of(ReadinessGap.DUPLICATE_MEMBER),
                ReadinessBarrier.gaps(TWO_HOSTS, List.of(healthy(HOST_A), healthy(HOST_B), healthy(HOST_B)), 42).get(HOST_B));
        assertEquals(Set.of(ReadinessGap.UNEXPECTED_MEMBER),
                ReadinessBarrier.gaps(TWO_HOSTS, List.of(healthy(HOST_A), healthy(HOST_B), healthy(HOST_C)), 42).get(HOST_C));
        assertFalse(ReadinessBarrier.isReady(Set.of(), List.of(), 0));
    }
}
