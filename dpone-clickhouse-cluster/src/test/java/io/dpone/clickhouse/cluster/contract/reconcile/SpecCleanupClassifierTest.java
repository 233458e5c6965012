package io.dpone.clickhouse.cluster.contract.reconcile;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase.*;
import static io.dpone.clickhouse.cluster.contract.reconcile.CleanupDecision.*;
import static io.dpone.clickhouse.cluster.contract.reconcile.QueueResult.*;
import static io.dpone.clickhouse.cluster.contract.reconcile.ReconcileFixtures.*;
import static io.dpone.clickhouse.cluster.contract.reconcile.ReplicaState.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Spec section 6 preconditions for the existing-target branch, every documented row. */
class SpecCleanupClassifierTest {
    private static final CleanupClassifier CLASSIFIER = new SpecCleanupClassifier(SpecReplicaStateClassifier.INSTANCE);

    static Stream<Arguments> table() {
        return Stream.of(
                Arguments.of(
                        "first drop",
                        ReplicaState.COMMITTED,
                        ReplicaState.COMMITTED,
                        AuthorityPhase.COMMITTED,
                        TERMINAL_SUCCESS,
                        NO_ENTRY,
                        true,
                        DISPATCH_PERMITTED_AFTER_CAS),
                Arguments.of(
                        "unhealthy",
                        ReplicaState.COMMITTED,
                        ReplicaState.COMMITTED,
                        AuthorityPhase.COMMITTED,
                        TERMINAL_SUCCESS,
                        NO_ENTRY,
                        false,
                        PROHIBITED),
                Arguments.of(
                        "receipt unknown",
                        ReplicaState.COMMITTED,
                        ReplicaState.COMMITTED,
                        AuthorityPhase.COMMITTED,
                        QueueResult.UNKNOWN,
                        NO_ENTRY,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "receipt in progress",
                        ReplicaState.COMMITTED,
                        ReplicaState.COMMITTED,
                        AuthorityPhase.COMMITTED,
                        QueueResult.IN_PROGRESS,
                        NO_ENTRY,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "unknown replica",
                        ReplicaState.COMMITTED,
                        ReplicaState.UNKNOWN,
                        AuthorityPhase.COMMITTED,
                        TERMINAL_SUCCESS,
                        NO_ENTRY,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "pending replica",
                        ReplicaState.COMMITTED,
                        PENDING,
                        AuthorityPhase.COMMITTED,
                        TERMINAL_SUCCESS,
                        NO_ENTRY,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "dropped before CAS",
                        ReplicaState.COMMITTED,
                        ReplicaState.CLEANUP_PENDING,
                        AuthorityPhase.COMMITTED,
                        TERMINAL_SUCCESS,
                        NO_ENTRY,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "wait",
                        ReplicaState.COMMITTED,
                        ReplicaState.CLEANUP_PENDING,
                        CLEANUP_DISPATCHING,
                        TERMINAL_SUCCESS,
                        QueueResult.IN_PROGRESS,
                        true,
                        WAIT_FOR_CLEANUP_ENTRY),
                Arguments.of(
                        "verified",
                        ReplicaState.CLEANUP_PENDING,
                        ReplicaState.CLEANUP_PENDING,
                        CLEANUP_DISPATCHING,
                        TERMINAL_SUCCESS,
                        TERMINAL_SUCCESS,
                        true,
                        CLEANUP_VERIFIED),
                Arguments.of(
                        "verified after pending",
                        ReplicaState.CLEANUP_PENDING,
                        ReplicaState.CLEANUP_PENDING,
                        AuthorityPhase.CLEANUP_PENDING,
                        TERMINAL_SUCCESS,
                        TERMINAL_FAILURE,
                        true,
                        CLEANUP_VERIFIED),
                Arguments.of(
                        "absent but queue unknown",
                        ReplicaState.CLEANUP_PENDING,
                        ReplicaState.CLEANUP_PENDING,
                        CLEANUP_DISPATCHING,
                        TERMINAL_SUCCESS,
                        QueueResult.UNKNOWN,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "partial drop terminal",
                        ReplicaState.COMMITTED,
                        ReplicaState.CLEANUP_PENDING,
                        AuthorityPhase.CLEANUP_PENDING,
                        TERMINAL_SUCCESS,
                        TERMINAL_FAILURE,
                        true,
                        REDISPATCH_PERMITTED_AFTER_CAS),
                Arguments.of(
                        "nothing dropped terminal",
                        ReplicaState.COMMITTED,
                        ReplicaState.COMMITTED,
                        CLEANUP_DISPATCHING,
                        TERMINAL_SUCCESS,
                        TERMINAL_FAILURE,
                        true,
                        REDISPATCH_PERMITTED_AFTER_CAS),
                Arguments.of(
                        "partial drop, reply lost",
                        ReplicaState.COMMITTED,
                        ReplicaState.CLEANUP_PENDING,
                        CLEANUP_DISPATCHING,
                        TERMINAL_SUCCESS,
                        NO_ENTRY,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "partial drop, unhealthy",
                        ReplicaState.COMMITTED,
                        ReplicaState.CLEANUP_PENDING,
                        CLEANUP_DISPATCHING,
                        TERMINAL_SUCCESS,
                        TERMINAL_FAILURE,
                        false,
                        PROHIBITED),
                Arguments.of(
                        "conflicting object",
                        ReplicaState.UNKNOWN,
                        ReplicaState.CLEANUP_PENDING,
                        CLEANUP_DISPATCHING,
                        TERMINAL_SUCCESS,
                        TERMINAL_SUCCESS,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "reverted during cleanup",
                        PENDING,
                        ReplicaState.CLEANUP_PENDING,
                        CLEANUP_DISPATCHING,
                        TERMINAL_SUCCESS,
                        QueueResult.IN_PROGRESS,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "dispatching phase",
                        ReplicaState.COMMITTED,
                        ReplicaState.COMMITTED,
                        DISPATCHING,
                        TERMINAL_SUCCESS,
                        NO_ENTRY,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "completed phase",
                        ReplicaState.CLEANUP_PENDING,
                        ReplicaState.CLEANUP_PENDING,
                        COMPLETED,
                        TERMINAL_SUCCESS,
                        TERMINAL_SUCCESS,
                        true,
                        PROHIBITED),
                // Section 6: a lost drop (recorded as CLEANUP_PENDING without an entry) may be redispatched
                // exactly when only predecessor copies or clean absences remain; it never proves cleanup.
                Arguments.of(
                        "lost drop, nothing dropped",
                        ReplicaState.COMMITTED,
                        ReplicaState.COMMITTED,
                        AuthorityPhase.CLEANUP_PENDING,
                        TERMINAL_SUCCESS,
                        LOST,
                        true,
                        REDISPATCH_PERMITTED_AFTER_CAS),
                Arguments.of(
                        "lost drop, partly dropped",
                        ReplicaState.COMMITTED,
                        ReplicaState.CLEANUP_PENDING,
                        AuthorityPhase.CLEANUP_PENDING,
                        TERMINAL_SUCCESS,
                        LOST,
                        true,
                        REDISPATCH_PERMITTED_AFTER_CAS),
                Arguments.of(
                        "lost drop, all absent: a no-op drop earns the receipt",
                        ReplicaState.CLEANUP_PENDING,
                        ReplicaState.CLEANUP_PENDING,
                        AuthorityPhase.CLEANUP_PENDING,
                        TERMINAL_SUCCESS,
                        LOST,
                        true,
                        REDISPATCH_PERMITTED_AFTER_CAS),
                Arguments.of(
                        "lost drop, unhealthy",
                        ReplicaState.COMMITTED,
                        ReplicaState.CLEANUP_PENDING,
                        AuthorityPhase.CLEANUP_PENDING,
                        TERMINAL_SUCCESS,
                        LOST,
                        false,
                        PROHIBITED),
                Arguments.of(
                        "lost drop, conflicting object",
                        ReplicaState.UNKNOWN,
                        ReplicaState.CLEANUP_PENDING,
                        AuthorityPhase.CLEANUP_PENDING,
                        TERMINAL_SUCCESS,
                        LOST,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "lost drop, reverted member",
                        PENDING,
                        ReplicaState.COMMITTED,
                        AuthorityPhase.CLEANUP_PENDING,
                        TERMINAL_SUCCESS,
                        LOST,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "lost drop, publication receipt unknown",
                        ReplicaState.COMMITTED,
                        ReplicaState.COMMITTED,
                        AuthorityPhase.CLEANUP_PENDING,
                        QueueResult.UNKNOWN,
                        LOST,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "lost but not recorded yet",
                        ReplicaState.COMMITTED,
                        ReplicaState.COMMITTED,
                        CLEANUP_DISPATCHING,
                        TERMINAL_SUCCESS,
                        LOST,
                        true,
                        PROHIBITED),
                Arguments.of(
                        "lost before any drop",
                        ReplicaState.COMMITTED,
                        ReplicaState.COMMITTED,
                        AuthorityPhase.COMMITTED,
                        TERMINAL_SUCCESS,
                        LOST,
                        true,
                        PROHIBITED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void existingTarget(
            String row,
            ReplicaState a,
            ReplicaState b,
            AuthorityPhase phase,
            QueueResult receipt,
            QueueResult cleanupQueue,
            boolean healthy,
            CleanupDecision expected) {
        CleanupFacts facts = new CleanupFacts(
                EXISTING,
                phase,
                TWO_HOSTS,
                List.of(observed(HOST_A, a), observed(HOST_B, b)),
                receipt,
                cleanupQueue,
                healthy);
        CleanupVerdict verdict = CLASSIFIER.classify(facts);
        assertEquals(expected, verdict.decision(), row);
        if (cleanupQueue == LOST) {
            assertEquals(false, verdict.decision().permitsCompletion(), "a lost drop never proves cleanup: " + row);
        }
    }

    @ParameterizedTest(name = "absent target: {0}")
    @MethodSource("absentTable")
    void absentTargetHasNothingToClean(
            String row, ReplicaState a, AuthorityPhase phase, QueueResult cleanupQueue, CleanupDecision expected) {
        CleanupFacts facts = new CleanupFacts(
                ABSENT,
                phase,
                TWO_HOSTS,
                List.of(absentShape(HOST_A, a), absentShape(HOST_B, ReplicaState.COMMITTED)),
                TERMINAL_SUCCESS,
                cleanupQueue,
                true);
        assertEquals(expected, CLASSIFIER.classify(facts).decision(), row);
    }

    static Stream<Arguments> absentTable() {
        return Stream.of(
                Arguments.of("committed", ReplicaState.COMMITTED, AuthorityPhase.COMMITTED, NO_ENTRY, NOTHING_TO_CLEAN),
                Arguments.of("pending replica", PENDING, AuthorityPhase.COMMITTED, NO_ENTRY, PROHIBITED),
                Arguments.of(
                        "a drop entry exists",
                        ReplicaState.COMMITTED,
                        AuthorityPhase.COMMITTED,
                        TERMINAL_SUCCESS,
                        PROHIBITED),
                Arguments.of("cleanup phase", ReplicaState.COMMITTED, CLEANUP_DISPATCHING, NO_ENTRY, PROHIBITED),
                Arguments.of("a lost drop", ReplicaState.COMMITTED, AuthorityPhase.CLEANUP_PENDING, LOST, PROHIBITED));
    }
}
