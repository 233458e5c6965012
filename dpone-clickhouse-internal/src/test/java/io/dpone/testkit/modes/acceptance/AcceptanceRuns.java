package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.internal.simulated.AcceptanceCluster;
import io.dpone.clickhouse.internal.simulated.Fixture;
import io.dpone.clickhouse.internal.simulated.InternalScenarios;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.Scenario;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.AcceptanceReceipts;
import io.dpone.testkit.acceptance.AcceptanceScenario;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.acceptance.ScenarioCoverage;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * How a backend's acceptance test class runs one registry scenario ({@link AcceptanceScenario}
 * names it): on a fresh cluster from {@link #start}, recording the backend and every attempt's
 * outcome for the class's receipt. Also the two ways a backend accounts for a scenario it cannot
 * run, each a test that can fail: {@link #runExpectingUnsupported} (the scenario reaches an
 * operation the backend refuses) and {@link #proveCapability} (the backend has the capability
 * whose absence the scenario is about).
 */
public abstract class AcceptanceRuns {
    /** A fresh cluster of {@code members} replicas on this backend (or a fresh namespace on a shared one). */
    protected abstract AcceptanceCluster start(int members);

    /** Called when a scenario failed, to print what a replay needs (the simulator's seed and trace tail). */
    protected void describeFailure(AcceptanceCluster cluster, Throwable failure) {}

    /** Runs the scenario the calling test names. */
    protected final void run(TestInfo test) {
        Scenario scenario = scenario(test);
        try (AcceptanceCluster cluster = start(scenario.members())) {
            List<String> outcomes = new ArrayList<>();
            try {
                outcomes.addAll(AcceptanceReceipts.outcomes(scenario.run(cluster, Narrator.SILENT)));
            } catch (RuntimeException | AssertionError failure) {
                describeFailure(cluster, failure);
                throw failure;
            } finally {
                record(test, scenario.coverage().on(cluster), cluster, outcomes);
            }
        }
    }

    /** The scenario must reach an operation this backend refuses with {@link UnsupportedOperationException}. */
    protected final void runExpectingUnsupported(TestInfo test) {
        Scenario scenario = scenario(test);
        try (AcceptanceCluster cluster = start(scenario.members())) {
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

    /**
     * For {@code capability-missing} on a backend whose members run a distributed-DDL worker: a
     * publication here proves the capability (the probe binds exactly one entry and the
     * publication commits), so the refusal that scenario is about cannot arise on this backend.
     */
    protected final void proveCapability(TestInfo test) {
        assertEquals(
                Scenario.Needs.NO_DDL_WORKER, scenario(test).needs(), "only for scenarios that need no DDL worker");
        try (AcceptanceCluster cluster = start(2)) {
            PublicationDriver driver = Fixture.prepare(cluster, 3, Narrator.SILENT);
            Attempt attempt = driver.publish("worker-1", Fixture.INVOCATION, 5);
            Fixture.expectOutcome(attempt, PublicationOutcome.COMMITTED);
            Fixture.expectSentOnce(cluster, StatementKind.DDL_CAPABILITY_PROBE);
            long probes = cluster.queueTokens().values().stream()
                    .filter(token -> DdlCorrelationToken.parse(token)
                            .map(t -> t.action() == DdlAction.PROBE)
                            .orElse(false))
                    .count();
            assertEquals(1, probes, "queue entries bound to a probe token");
            List<String> outcomes = new ArrayList<>(AcceptanceReceipts.outcomes(List.of(attempt)));
            outcomes.add("capability-proven");
            record(
                    test,
                    new ScenarioCoverage.Replaced("the members run a distributed-DDL worker: the capability is proven"
                            + " instead (the probe binds one entry and a publication commits)"),
                    cluster,
                    outcomes);
        }
    }

    private void record(TestInfo test, ScenarioCoverage coverage, AcceptanceCluster cluster, List<String> outcomes) {
        AcceptanceReceipts.record(
                getClass(),
                scenario(test).name(),
                coverage,
                () -> new AcceptanceReceipts.Backend(
                        cluster.backend(), cluster.serverVersion(), cluster.fixtureDigest()),
                outcomes);
    }

    protected static Scenario scenario(TestInfo test) {
        String name = test.getTestMethod()
                .map(method -> method.getAnnotation(AcceptanceScenario.class))
                .map(AcceptanceScenario::value)
                .orElseThrow(() -> new AssertionError("a scenario test names its scenario with @AcceptanceScenario"));
        return InternalScenarios.named(name).orElseThrow(() -> new AssertionError("no scenario " + name));
    }

    /** The {@code @Test @AcceptanceScenario} methods {@code type} itself declares, by scenario name. */
    public static Map<String, Method> scenarioTests(Class<?> type) {
        Map<String, Method> tests = new LinkedHashMap<>();
        for (Method method : type.getDeclaredMethods()) {
            AcceptanceScenario scenario = method.getAnnotation(AcceptanceScenario.class);
            if (scenario != null
                    && method.isAnnotationPresent(Test.class)
                    && tests.put(scenario.value(), method) != null) {
                throw new AssertionError("two tests in " + type.getSimpleName() + " name " + scenario.value());
            }
        }
        return tests;
    }
}
