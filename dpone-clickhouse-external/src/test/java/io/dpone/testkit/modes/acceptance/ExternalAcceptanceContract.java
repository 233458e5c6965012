package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.simulated.ExternalAcceptanceCluster;
import io.dpone.testkit.acceptance.AcceptanceReceipt;
import io.dpone.testkit.acceptance.AcceptanceReceipts;
import io.dpone.testkit.acceptance.AcceptanceScenario;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.acceptance.ScenarioCoverage;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * External mode's acceptance scenarios ({@link ExternalScenarios}), one named test each, written
 * once and run by every backend class that extends this: {@code SimulatorExternalAcceptanceTest}
 * in every CI run, {@code DockerExternalAcceptanceTest} with {@code -Pdocker}. Each scenario runs
 * on a fresh cluster (or a fresh namespace of a shared one), and every class writes its acceptance
 * receipt ({@link AcceptanceReceipt}, suite {@code external-acceptance}).
 *
 * <p>No scenario is skipped silently, exactly as {@link InternalAcceptanceContract} rules it: a
 * backend lists what it runs ({@link #runs()}); every other scenario's test must be overridden in
 * its class with {@code @Test @AcceptanceScenario} by a test that shows why it cannot run there
 * and can fail ({@link #runExpectingUnsupported}); an inherited test of a scenario the backend does
 * not list fails instead of passing.
 */
public abstract class ExternalAcceptanceContract {
    /** A fresh cluster of {@code members} members on this backend (or a fresh namespace on a shared one). */
    protected abstract ExternalAcceptanceCluster start(int members);

    /** The registry scenarios this backend runs; the tests of all others are overridden in its class. */
    protected abstract Set<String> runs();

    /** Called when a scenario failed, to print what a replay needs (the simulator's seed and trace tail). */
    protected void describeFailure(ExternalAcceptanceCluster cluster, Throwable failure) {}

    public static Set<String> names(List<ExternalScenario> scenarios) {
        return scenarios.stream().map(ExternalScenario::name).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    @AcceptanceScenario("existing-target")
    protected void existingTargetIsExchangedOnEveryMemberAndOnlyExactPredecessorsAreDropped(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("absent-target")
    protected void absentTargetIsRenamedIntoPlaceOnEveryMember(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("lost-exchange-response")
    protected void lostExchangeResponseAfterEnqueueIsReconciledWithOneExchange(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("slow-member")
    protected void slowMemberIsPartialInProgressThenConverges(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("terminal-error-on-one-member")
    protected void terminalErrorOnOneMemberIsTerminalMixedWithBothGenerationsKept(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("lost-cleanup-response")
    protected void lostCleanupResponseCompletesExactCleanup(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("racing-workers")
    protected void racingWorkersMakeOneDispatch(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("member-lost-mid-staging")
    protected void memberLostMidStagingIsResumedByTheSameOperation(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("divergence-before-proof")
    protected void rowChangedBeforeProofDivergesAndTheRerunReplacesIt(TestInfo test) {
        runHere(test);
    }

    @Test
    @AcceptanceScenario("divergence-after-proof")
    protected void provenCandidateChangedDivergesOnEveryRetry(TestInfo test) {
        runHere(test);
    }

    /** Only the contract's own tests; a backend's overrides are checked by {@link #everyScenarioIsRunOrAccountedFor()}. */
    @Test
    protected void everyScenarioHasExactlyOneNamedTest() {
        Map<String, Method> tests = AcceptanceRuns.scenarioTests(ExternalAcceptanceContract.class);
        assertEquals(
                names(ExternalScenarios.all()),
                new TreeSet<>(tests.keySet()),
                "one @AcceptanceScenario test per scenario");
        assertEquals(ExternalScenarios.all().size(), tests.size());
    }

    @Test
    protected void everyScenarioIsRunOrAccountedFor() {
        Set<String> all = names(ExternalScenarios.all());
        assertTrue(all.containsAll(runs()), "runs() names registry scenarios only: " + runs());
        Map<String, Method> contract = AcceptanceRuns.scenarioTests(ExternalAcceptanceContract.class);
        Map<String, Method> overridden = new HashMap<>();
        for (Class<?> type = getClass(); type != ExternalAcceptanceContract.class; type = type.getSuperclass()) {
            AcceptanceRuns.scenarioTests(type).forEach(overridden::putIfAbsent);
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

    /** Runs the scenario the calling test names. */
    protected final void run(TestInfo test) {
        ExternalScenario scenario = scenario(test);
        try (ExternalAcceptanceCluster cluster = start(scenario.members())) {
            List<String> outcomes = new ArrayList<>();
            try {
                outcomes.addAll(AcceptanceReceipts.outcomes(scenario.run(cluster, Narrator.SILENT)));
            } catch (RuntimeException | AssertionError failure) {
                describeFailure(cluster, failure);
                throw failure;
            } finally {
                record(test, new ScenarioCoverage.Full(), cluster, outcomes);
            }
        }
    }

    /** The scenario must reach an operation this backend refuses with {@link UnsupportedOperationException}. */
    protected final void runExpectingUnsupported(TestInfo test) {
        ExternalScenario scenario = scenario(test);
        try (ExternalAcceptanceCluster cluster = start(scenario.members())) {
            UnsupportedOperationException refused = assertThrows(
                    UnsupportedOperationException.class,
                    () -> scenario.run(cluster, Narrator.SILENT),
                    "this backend cannot run " + scenario.name());
            record(
                    test,
                    ScenarioCoverage.NotRunOnProduct.refusedByTheBackend(),
                    cluster,
                    List.of("unsupported-on-this-backend:" + refused.getClass().getSimpleName()));
        }
    }

    private void record(
            TestInfo test, ScenarioCoverage coverage, ExternalAcceptanceCluster cluster, List<String> outcomes) {
        AcceptanceReceipts.record(
                getClass(),
                scenario(test).name(),
                coverage,
                () -> new AcceptanceReceipts.Backend(
                        cluster.backend(), cluster.serverVersion(), cluster.fixtureDigest()),
                outcomes);
    }

    protected static ExternalScenario scenario(TestInfo test) {
        String name = test.getTestMethod()
                .map(method -> method.getAnnotation(AcceptanceScenario.class))
                .map(AcceptanceScenario::value)
                .orElseThrow(() -> new AssertionError("a scenario test names its scenario with @AcceptanceScenario"));
        return ExternalScenarios.named(name).orElseThrow(() -> new AssertionError("no external scenario " + name));
    }

    private void runHere(TestInfo test) {
        String name = scenario(test).name();
        assertTrue(
                runs().contains(name),
                getClass().getSimpleName() + " does not run " + name + "; it must override this test and show why");
        run(test);
    }
}
