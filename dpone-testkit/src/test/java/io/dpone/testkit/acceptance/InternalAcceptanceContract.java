package io.dpone.testkit.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The internal-mode acceptance scenarios ({@link InternalScenarios}), one named test each, written
 * once and run by every backend class that extends this: {@code SimulatorAcceptanceTest} in every
 * CI run, {@code DockerAcceptanceTest} with {@code -Pdocker}. A backend runs each scenario on a
 * fresh cluster of the scenario's size.
 */
abstract class InternalAcceptanceContract {
    /** A fresh cluster of {@code members} replicas on this backend. */
    protected abstract AcceptanceCluster start(int members);

    /** Called when a scenario failed, to print what a replay needs (the simulator's seed and trace tail). */
    protected void describeFailure(AcceptanceCluster cluster, Throwable failure) {
    }

    protected final void run(String name) {
        Scenario scenario = InternalScenarios.named(name).orElseThrow(() -> new AssertionError("no scenario " + name));
        try (AcceptanceCluster cluster = start(scenario.members())) {
            try {
                scenario.run(cluster, Narrator.SILENT);
            } catch (RuntimeException | AssertionError failure) {
                describeFailure(cluster, failure);
                throw failure;
            }
        }
    }

    @Test
    void normalExistingTargetPublicationAndCleanup() {
        run("existing-target");
    }

    @Test
    void normalAbsentTargetPublication() {
        run("absent-target");
    }

    @Test
    void lostResponseAfterEnqueueAndCommitSendsOneExchange() {
        run("lost-exchange-response");
    }

    @Test
    void slowReplicaAfterEnqueueIsPartialInProgressThenConverges() {
        run("slow-replica");
    }

    @Test
    void pausedReplicaAfterEnqueueIsReconciledFromTheOriginalEntry() {
        run("paused-replica");
    }

    @Test
    void terminalErrorOnOneReplicaIsPartialTerminalWithoutSecondDdl() {
        run("terminal-error-on-one-replica");
    }

    @Test
    void terminalPartialRepairedByTheRunbookCommitsWithoutASecondExchange() {
        run("terminal-partial-repaired");
    }

    @Test
    void racingWorkersGetOneDispatchPermit() {
        run("racing-workers");
    }

    @Test
    void keeperMapCasRaisesTheVersionOnceAndAStaleCasIsANoOp() {
        run("keeper-map-cas");
    }

    @Test
    void discardedCasResponseIsUnknownWithOneSendAndNoDdl() {
        run("lost-cas-response");
    }

    @Test
    void leadingCommentIsAbsentAndLogCommentBindsOneEntry() {
        run("comment-versus-log-comment");
    }

    @Test
    void twoEntriesWithOneTokenAreUnknownNeverTheNewest() {
        run("two-entries-one-token");
    }

    @Test
    void lostCleanupResponseCompletesExactCleanup() {
        run("lost-cleanup-response");
    }

    @Test
    void uuidDriftBlocksBeforeMutation() {
        run("drift-uuid-before-admission");
    }

    @Test
    void engineDriftBlocksBeforeMutation() {
        run("drift-engine-before-admission");
    }

    @Test
    void schemaDriftBlocksBeforeMutation() {
        run("drift-schema-before-admission");
    }

    @Test
    void keeperPathDriftBlocksBeforeMutation() {
        run("drift-keeper-path-before-admission");
    }

    @Test
    void uuidDriftAfterPreparedIsNeverDispatched() {
        run("drift-uuid-before-dispatch");
    }

    @Test
    void engineDriftAfterPreparedIsNeverDispatched() {
        run("drift-engine-before-dispatch");
    }

    @Test
    void schemaDriftAfterPreparedIsNeverDispatched() {
        run("drift-schema-before-dispatch");
    }

    @Test
    void keeperPathDriftAfterPreparedIsNeverDispatched() {
        run("drift-keeper-path-before-dispatch");
    }

    @Test
    void membershipDriftAfterPreparedIsNeverDispatched() {
        run("drift-membership-before-dispatch");
    }

    @Test
    void partialFacadeIsFilledWhenEveryExistingFacadeMatches() {
        run("partial-facade");
    }

    @Test
    void mismatchedFacadeBlocks() {
        run("mismatched-facade");
    }

    @Test
    void foreignUnresolvedOperationIsFenced() {
        run("foreign-operation-fenced");
    }

    @Test
    void crashBeforeAuthorityRemovesOnlyOwnedStaging() {
        run("crash-before-authority");
    }

    @Test
    void emptySourcePublishesAValidatedEmptyCandidate() {
        run("empty-source");
    }
    @Test
    void everyScenarioHasANamedTest() {
        Set<String> tested = new HashSet<>();
        for (Method method : InternalAcceptanceContract.class.getDeclaredMethods()) {
            if (method.isAnnotationPresent(Test.class)) {
                tested.add(method.getName());
            }
        }
        assertEquals(InternalScenarios.all().size() + 1, tested.size(), "one named test per scenario");
    }
}
