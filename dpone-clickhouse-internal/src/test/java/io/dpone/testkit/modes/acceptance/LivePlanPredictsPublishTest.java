package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.internal.simulated.InternalScenarios;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.Scenario;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.acceptance.ScenarioFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code dpone plan --live} predicts what {@code publish} then does (issue 21), on the
 * deterministic simulator, for every internal acceptance scenario: right before each of the
 * scenario's publications a read-only preview of the same invocation is taken, and the
 * publication is held to it. A predicted blocker means publish sends no publication or cleanup
 * statement (and a refusal carries the predicted code); "nothing" means it returns committed
 * without DDL; otherwise every permit statement publish sends (EXCHANGE, RENAME, DROP) is one the
 * plan listed. Faults a scenario arms can make publish do less than predicted, never other.
 * Also: the preview itself sends no DDL and writes nothing in Keeper.
 */
class LivePlanPredictsPublishTest {
    private static final long SEED = 20261130L;

    static Stream<String> scenarios() {
        return InternalScenarios.withDdlWorker().stream().map(Scenario::name);
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void everyPublicationDoesWhatThePlanBeforeItSaid(String name) {
        Scenario scenario = InternalScenarios.named(name).orElseThrow();
        List<LivePlan> plans = new ArrayList<>();
        List<Attempt> publications = new ArrayList<>();
        LivePlan[] pending = new LivePlan[1];
        try (SimulatedCluster cluster = SimulatedCluster.of(scenario.members(), SEED, PublicationDriver.FACADE)) {
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
        // keeper-map-cas drives the authority alone and publishes nothing: no pair to compare
        assertEquals(
                name.equals("keeper-map-cas"), plans.isEmpty(), name + ": the scenario's publications were previewed");
        for (int i = 0; i < plans.size(); i++) {
            LivePlanChecks.assertPredicted(name + " publication " + (i + 1), plans.get(i), publications.get(i));
        }
    }
}
