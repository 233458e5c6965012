package io.dpone.clickhouse.cluster.contract.reconcile;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase.CLEANUP_DISPATCHING;
import static io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase.COMPLETED;
import static io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase.DISPATCHING;
import static io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase.PREPARED;
import static io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassification.*;
import static io.dpone.clickhouse.cluster.contract.reconcile.QueueResult.*;
import static io.dpone.clickhouse.cluster.contract.reconcile.ReconcileFixtures.*;
import static io.dpone.clickhouse.cluster.contract.reconcile.ReplicaState.CLEANUP_PENDING;
import static io.dpone.clickhouse.cluster.contract.reconcile.ReplicaState.COMMITTED;
import static io.dpone.clickhouse.cluster.contract.reconcile.ReplicaState.PENDING;
import static io.dpone.clickhouse.cluster.contract.reconcile.ReplicaState.UNKNOWN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Spec section 5, "Aggregate catalog state with the exact queue entry": every row, both shapes. */
class SpecPublicationClassifierTest {
    private static final PublicationClassifier CLASSIFIER =
            new SpecPublicationClassifier(SpecReplicaStateClassifier.INSTANCE);

    static Stream<Arguments> specTable() {
        return Stream.of(
                // Row 1: all pending, PREPARED, no entry -> first dispatch permitted after CAS
                Arguments.of("row1", PENDING, PENDING, PREPARED, NO_ENTRY, DISPATCH_PERMITTED_AFTER_CAS),
                // Row 2: all committed, exact host set terminal success or failure -> commit proven
                Arguments.of(
                        "row2 success",
                        COMMITTED,
                        COMMITTED,
                        DISPATCHING,
                        TERMINAL_SUCCESS,
                        COMMIT_PROVEN_PROCEED_TO_CLEANUP),
                Arguments.of(
                        "row2 failure",
                        COMMITTED,
                        COMMITTED,
                        DISPATCHING,
                        TERMINAL_FAILURE,
                        COMMIT_PROVEN_PROCEED_TO_CLEANUP),
                Arguments.of(
                        "row2 persisted receipt",
                        COMMITTED,
                        COMMITTED,
                        AuthorityPhase.COMMITTED,
                        TERMINAL_SUCCESS,
                        COMMIT_PROVEN_PROCEED_TO_CLEANUP),
                // Row 3: mix, in progress -> PARTIAL_IN_PROGRESS
                Arguments.of("row3", PENDING, COMMITTED, DISPATCHING, QueueResult.IN_PROGRESS, PARTIAL_IN_PROGRESS),
                // Row 4: mix, terminal -> PARTIAL_TERMINAL
                Arguments.of("row4 success", COMMITTED, PENDING, DISPATCHING, TERMINAL_SUCCESS, PARTIAL_TERMINAL),
                Arguments.of("row4 failure", COMMITTED, PENDING, DISPATCHING, TERMINAL_FAILURE, PARTIAL_TERMINAL),
                // Row 5: all pending after dispatch, terminal failure -> fail closed
                Arguments.of("row5", PENDING, PENDING, DISPATCHING, TERMINAL_FAILURE, ALL_PENDING_TERMINAL_FAILURE),
                // Row 6: any unknown identity, any queue -> OUTCOME_UNKNOWN
                Arguments.of("row6 prepared", UNKNOWN, PENDING, PREPARED, NO_ENTRY, OUTCOME_UNKNOWN),
                Arguments.of("row6 terminal", COMMITTED, UNKNOWN, DISPATCHING, TERMINAL_SUCCESS, OUTCOME_UNKNOWN),
                Arguments.of(
                        "row6 cleanup state",
                        COMMITTED,
                        CLEANUP_PENDING,
                        DISPATCHING,
                        TERMINAL_SUCCESS,
                        OUTCOME_UNKNOWN),
                // Row 7: post-dispatch with unknown, absent or ambiguous queue -> OUTCOME_UNKNOWN
                Arguments.of("row7 unknown", COMMITTED, COMMITTED, DISPATCHING, QueueResult.UNKNOWN, OUTCOME_UNKNOWN),
                Arguments.of("row7 absent", PENDING, PENDING, DISPATCHING, NO_ENTRY, OUTCOME_UNKNOWN),
                Arguments.of("row7 absent mixed", PENDING, COMMITTED, DISPATCHING, NO_ENTRY, OUTCOME_UNKNOWN),
                // State machine InProgress: entry bound and active, nothing mixed -> wait
                Arguments.of(
                        "in progress pending",
                        PENDING,
                        PENDING,
                        DISPATCHING,
                        QueueResult.IN_PROGRESS,
                        PublicationClassification.IN_PROGRESS),
                Arguments.of(
                        "in progress committed",
                        COMMITTED,
                        COMMITTED,
                        DISPATCHING,
                        QueueResult.IN_PROGRESS,
                        PublicationClassification.IN_PROGRESS),
                // Fail-closed rows no spec row covers
                Arguments.of(
                        "prepared with entry", PENDING, PENDING, PREPARED, QueueResult.IN_PROGRESS, OUTCOME_UNKNOWN),
                Arguments.of("prepared but committed", COMMITTED, COMMITTED, PREPARED, NO_ENTRY, OUTCOME_UNKNOWN),
                Arguments.of("pending with success", PENDING, PENDING, DISPATCHING, TERMINAL_SUCCESS, OUTCOME_UNKNOWN),
                Arguments.of(
                        "committed phase, mix",
                        PENDING,
                        COMMITTED,
                        AuthorityPhase.COMMITTED,
                        TERMINAL_SUCCESS,
                        OUTCOME_UNKNOWN),
                Arguments.of(
                        "cleanup phase", COMMITTED, COMMITTED, CLEANUP_DISPATCHING, TERMINAL_SUCCESS, OUTCOME_UNKNOWN),
                Arguments.of("completed phase", COMMITTED, COMMITTED, COMPLETED, TERMINAL_SUCCESS, OUTCOME_UNKNOWN));
    }

    @ParameterizedTest(name = "{0}: {1}+{2} {3} {4} -> {5}")
    @MethodSource("specTable")
    void existingTarget(
            String row,
            ReplicaState a,
            ReplicaState b,
            AuthorityPhase phase,
            QueueResult queue,
            PublicationClassification expected) {
        PublicationFacts facts = new PublicationFacts(
                EXISTING, phase, TWO_HOSTS, List.of(observed(HOST_A, a), observed(HOST_B, b)), queue);
        assertEquals(expected, CLASSIFIER.classify(facts).classification(), row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specTable")
    void absentTargetFollowsTheSameTable(
            String row,
            ReplicaState a,
            ReplicaState b,
            AuthorityPhase phase,
            QueueResult queue,
            PublicationClassification expected) {
        if (a == CLEANUP_PENDING || b == CLEANUP_PENDING) {
            return; // the absent-target table has no cleanup state; its UNKNOWN rows are covered above
        }
        PublicationFacts facts = new PublicationFacts(
                ABSENT, phase, TWO_HOSTS, List.of(absentShape(HOST_A, a), absentShape(HOST_B, b)), queue);
        assertEquals(expected, CLASSIFIER.classify(facts).classification(), row);
    }

    @Test
    void unavailableMemberIsUnknownWhateverTheQueueSays() {
        for (QueueResult queue : QueueResult.values()) {
            PublicationFacts facts = new PublicationFacts(
                    EXISTING,
                    DISPATCHING,
                    TWO_HOSTS,
                    List.of(observed(HOST_A, ReplicaState.COMMITTED), new ReplicaObservation.Unavailable(HOST_B)),
                    queue);
            PublicationVerdict verdict = CLASSIFIER.classify(facts);
            assertEquals(OUTCOME_UNKNOWN, verdict.classification());
            assertEquals(UnknownCause.MEMBER_UNAVAILABLE, verdict.cause());
        }
    }

    @Test
    void missingExtraOrDuplicateMemberIsUnknown() {
        List<List<ReplicaObservation>> inexact = List.of(
                List.of(observed(HOST_A, ReplicaState.COMMITTED)),
                List.of(
                        observed(HOST_A, ReplicaState.COMMITTED),
                        observed(HOST_B, ReplicaState.COMMITTED),
                        observed(HOST_C, ReplicaState.COMMITTED)),
                List.of(observed(HOST_A, ReplicaState.COMMITTED), observed(HOST_A, ReplicaState.COMMITTED)),
                new ArrayList<>());
        for (List<ReplicaObservation> observations : inexact) {
            PublicationVerdict verdict = CLASSIFIER.classify(
                    new PublicationFacts(EXISTING, DISPATCHING, TWO_HOSTS, observations, TERMINAL_SUCCESS));
            assertEquals(OUTCOME_UNKNOWN, verdict.classification());
            assertEquals(UnknownCause.MEMBERSHIP_MISMATCH, verdict.cause());
            assertFalse(verdict.classification().permitsCleanup());
        }
    }

    @Test
    void failureCodesAreTheSpecFamilies() {
        assertEquals(
                "CLICKHOUSE_CLUSTER_PUBLICATION_TERMINAL_MIXED",
                PARTIAL_TERMINAL.failureCode().orElseThrow().name());
        assertEquals(
                "CLICKHOUSE_CLUSTER_DDL_UNRESOLVED",
                OUTCOME_UNKNOWN.failureCode().orElseThrow().name());
        assertFalse(COMMIT_PROVEN_PROCEED_TO_CLEANUP.failureCode().isPresent());
    }
}
