package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.internal.simulated.InternalScenarios;
import io.dpone.clickhouse.internal.simulated.Scenario;
import io.dpone.testkit.acceptance.AcceptanceReceipt;
import io.dpone.testkit.acceptance.AcceptanceScenario;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The internal-mode acceptance scenarios ({@link InternalScenarios}), one named test each, written
 * once and run by every backend class that extends this: {@code SimulatorAcceptanceTest} in every
 * CI run, {@code DockerAcceptanceTest} with {@code -Pdocker}. Each scenario runs on a fresh
 * cluster (or a fresh namespace of a shared one) of the scenario's size, and every class writes
 * its acceptance receipt ({@link AcceptanceReceipt}).
 *
 * <p>No scenario is skipped silently. A backend lists the scenarios it runs ({@link #runs()});
 * the test of every other scenario must be overridden in the backend's class, with
 * {@code @Test @AcceptanceScenario}, by a test that shows why it cannot run there and can fail:
 * {@link #runExpectingUnsupported} (the scenario reaches an operation the backend refuses, e.g.
 * membership drift under running containers) or {@link #proveCapability} (the backend has the
 * capability whose absence the scenario is about). {@link #everyScenarioIsRunOrAccountedFor()}
 * holds each class to that, and an inherited test of a scenario the backend does not run fails
 * instead of passing. Listing the set explicitly per class, rather than deriving it from what a
 * backend can do, keeps the decision visible where the backend is chosen. A backend that runs
 * only a small part of the registry (the local real harness, without a DDL worker) does not
 * extend this class; see {@code LocalAcceptanceTest}.
 */
public abstract class InternalAcceptanceContract extends AcceptanceRuns {
    /** The registry scenarios this backend runs; the tests of all others are overridden in its class. */
    protected abstract Set<String> runs();

    /** The names of {@code scenarios}, for {@link #runs()}. */
    public static Set<String> names(java.util.List<Scenario> scenarios) {
        return scenarios.stream().map(Scenario::name).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    @AcceptanceScenario("existing-target")
    protected void normalExistingTargetPublicationAndCleanup(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("absent-target")
    protected void normalAbsentTargetPublication(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("lost-exchange-response")
    protected void lostResponseAfterEnqueueAndCommitSendsOneExchange(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("slow-replica")
    protected void slowReplicaAfterEnqueueIsPartialInProgressThenConverges(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("paused-replica")
    protected void pausedReplicaAfterEnqueueIsReconciledFromTheOriginalEntry(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("terminal-error-on-one-replica")
    protected void terminalErrorOnOneReplicaIsPartialTerminalWithoutSecondDdl(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("terminal-partial-repaired")
    protected void terminalPartialRepairedByTheRunbookCommitsWithoutASecondExchange(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("racing-workers")
    protected void racingWorkersGetOneDispatchPermit(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("keeper-map-cas")
    protected void keeperMapCasRaisesTheVersionOnceAndAStaleCasIsANoOp(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("lost-cas-response")
    protected void discardedCasResponseIsUnknownWithOneSendAndNoDdl(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("comment-versus-log-comment")
    protected void leadingCommentIsAbsentAndLogCommentBindsOneEntry(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("two-entries-one-token")
    protected void twoEntriesWithOneTokenAreUnknownNeverTheNewest(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("lost-cleanup-response")
    protected void lostCleanupResponseCompletesExactCleanup(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("queue-evidence-hazards")
    protected void hazardousQueueEvidenceIsUnknownAndNeverReachesCleanup(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("drift-uuid-before-admission")
    protected void uuidDriftBlocksBeforeMutation(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("drift-engine-before-admission")
    protected void engineDriftBlocksBeforeMutation(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("drift-schema-before-admission")
    protected void schemaDriftBlocksBeforeMutation(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("drift-keeper-path-before-admission")
    protected void keeperPathDriftBlocksBeforeMutation(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("drift-uuid-before-dispatch")
    protected void uuidDriftAfterPreparedIsNeverDispatched(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("drift-engine-before-dispatch")
    protected void engineDriftAfterPreparedIsNeverDispatched(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("drift-schema-before-dispatch")
    protected void schemaDriftAfterPreparedIsNeverDispatched(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("drift-keeper-path-before-dispatch")
    protected void keeperPathDriftAfterPreparedIsNeverDispatched(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("drift-membership-before-dispatch")
    protected void membershipDriftAfterPreparedIsNeverDispatched(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("partial-facade")
    protected void partialFacadeIsFilledWhenEveryExistingFacadeMatches(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("mismatched-facade")
    protected void mismatchedFacadeBlocks(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("foreign-operation-fenced")
    protected void foreignUnresolvedOperationIsFenced(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("crash-before-authority")
    protected void crashBeforeAuthorityListsTheCrashedAttemptsStagingAndDropsNone(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("staging-failure")
    protected void stagingFailureRemovesExactlyTheAttemptsOwnCandidate(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("empty-source")
    protected void emptySourcePublishesAValidatedEmptyCandidate(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("capability-missing")
    protected void withoutADdlWorkerPublishFailsClosedAtAdmissionAndChangesNothing(TestInfo test) {
        runHere(test);
    }

    /** Only the contract's own tests; a backend's overrides are checked by {@link #everyScenarioIsRunOrAccountedFor()}. */
    @Test
    protected void everyScenarioHasExactlyOneNamedTest() {
        assertEquals(
                names(InternalScenarios.all()),
                new TreeSet<>(scenarioTests(InternalAcceptanceContract.class).keySet()),
                "one @AcceptanceScenario test per registry scenario");
        assertEquals(
                InternalScenarios.all().size(),
                scenarioTests(InternalAcceptanceContract.class).size());
    }

    @Test
    protected void everyScenarioIsRunOrAccountedFor() {
        Set<String> all = names(InternalScenarios.all());
        assertTrue(all.containsAll(runs()), "runs() names registry scenarios only: " + runs());
        Map<String, Method> contract = scenarioTests(InternalAcceptanceContract.class);
        Map<String, Method> overridden = new java.util.HashMap<>();
        for (Class<?> type = getClass(); type != InternalAcceptanceContract.class; type = type.getSuperclass()) {
            scenarioTests(type).forEach(overridden::putIfAbsent);
        }
        for (String name : all) {
            boolean overrides = overridden.containsKey(name)
                    && overridden.get(name).getName().equals(contract.get(name).getName());
            if (runs().contains(name)) {
                assertTrue(!overridden.containsKey(name), name + " is run here, so its test must not be replaced");
            } else {
                assertTrue(
                        overrides,
                        name + " is not run on this backend: " + getClass().getSimpleName() + " must override "
                                + contract.get(name).getName() + " with @Test @AcceptanceScenario and show why");
            }
        }
    }

    /** Runs the test's scenario; fails, rather than skips, one this backend does not list but whose test it inherited. */
    private void runHere(TestInfo test) {
        String name = scenario(test).name();
        assertTrue(
                runs().contains(name),
                getClass().getSimpleName() + " does not run " + name + "; it must override this test and show why");
        run(test);
    }
}
