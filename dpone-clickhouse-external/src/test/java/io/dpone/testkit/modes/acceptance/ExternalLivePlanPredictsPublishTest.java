package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.acceptance.ScenarioFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code dpone plan --live} in external mode predicts what {@code publish} then does (issue 21),
 * on the deterministic simulator, for every external acceptance scenario: right before each
 * publication an {@link ExternalDriver} runs, a read-only preview of the same invocation is taken
 * and the publication is held to it. A predicted blocker means publish sends no publication or
 * cleanup statement (and a refusal carries the predicted code); "nothing" means it returns
 * committed without DDL; otherwise every permit statement publish sends (EXCHANGE, RENAME, DROP)
 * is one the plan listed, and a new operation's plan names the action publish dispatched. Faults a
 * scenario arms can make publish do less than predicted, never other. The preview itself sends
 * nothing that is not a read: no DDL, no Keeper write, no member-session mutation.
 * Backend: simulator only.
 */
class ExternalLivePlanPredictsPublishTest {
    private static final long SEED = 20261130L;

    static Stream<String> scenarios() {
        return ExternalScenarios.all().stream().map(ExternalScenario::name);
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void everyPublicationDoesWhatThePlanBeforeItSaid(String name) {
        ExternalScenario scenario = ExternalScenarios.named(name).orElseThrow();
        List<LivePlan> plans = new ArrayList<>();
        List<Attempt> publications = new ArrayList<>();
        LivePlan[] pending = new LivePlan[1];
        try (SimulatedExternalCluster cluster =
                SimulatedExternalCluster.of(scenario.members(), SEED, PublicationDriver.FACADE)) {
            cluster.tapEvidence(row -> "v" + row, attempt -> {
                if (pending[0] != null) {
                    plans.add(pending[0]);
                    publications.add(attempt);
                    pending[0] = null;
                }
            });
            cluster.beforeEachPublication((driver, invocation) -> {
                int sent = cluster.simulator().observe().calls().records().size();
                pending[0] = driver.preview("planner", invocation);
                assertEquals(
                        List.of(),
                        LivePlanChecks.mutations(cluster.simulator(), sent),
                        name + ": the preview mutates nothing");
            });
            try {
                scenario.run(cluster, Narrator.SILENT);
            } catch (ScenarioFailure failure) {
                throw new AssertionError(
                        name + ": the scenario's own checks failed with previews taken: " + failure.getMessage(),
                        failure);
            }
        }
        assertFalse(plans.isEmpty(), name + ": the scenario's publications were previewed");
        for (int i = 0; i < plans.size(); i++) {
            assertPredicted(name + " publication " + (i + 1), plans.get(i), publications.get(i));
        }
    }

    private static void assertPredicted(String what, LivePlan plan, Attempt attempt) {
        assertEquals(ReplicationMode.EXTERNAL, plan.replicationMode(), what);
        LivePlanChecks.assertPredicted(what, plan, attempt);
        if (plan.action() == LivePlan.Action.NEW_OPERATION
                && attempt.outcome().orElse(null) == PublicationOutcome.COMMITTED) {
            // a publication that went through sent the one EXCHANGE or RENAME the plan named
            assertTrue(
                    LivePlanChecks.permitStatements(attempt).stream().anyMatch(action -> !action.equals("drop")), what);
        }
    }
}
