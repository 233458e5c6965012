package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.internal.simulated.InternalScenarios;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.Scenario;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.simulator.ClusterSimulator;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Holds every scenario's {@link Scenario.Needs} label to what the scenario does, measured on the
 * simulator: a scenario labelled {@code ANY_CLUSTER} sends no distributed DDL at all (not even
 * the capability probe), so a cluster without a DDL worker can run it; one labelled
 * {@code DDL_WORKER} sends some, which such a cluster refuses. The backends choose their
 * scenarios by these labels (the local real harness runs {@link InternalScenarios#withoutDdlWorker()}),
 * so this is what keeps a left-out scenario left out for a measured reason.
 */
class ScenarioNeedsTest {
    private static final List<StatementKind> DDL = Arrays.stream(StatementKind.values())
            .filter(StatementKind::isDistributedDdl)
            .toList();

    static List<Scenario> labelledForAClusterWithADdlWorker() {
        return InternalScenarios.withDdlWorker();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("labelledForAClusterWithADdlWorker")
    void theLabelSaysWhetherTheScenarioSendsDistributedDdl(Scenario scenario) {
        try (SimulatedCluster cluster = new SimulatedCluster(
                ClusterSimulator.builder()
                        .members(scenario.members())
                        .seed(SimulatorAcceptanceTest.SEED)
                        .build(),
                PublicationDriver.FACADE)) {
            scenario.run(cluster, Narrator.SILENT);
            long ddl = DDL.stream().mapToLong(cluster::sent).sum();
            if (scenario.needs() == Scenario.Needs.ANY_CLUSTER) {
                assertEquals(0, ddl, scenario.name() + " is labelled ANY_CLUSTER but sent distributed DDL");
            } else {
                assertTrue(ddl > 0, scenario.name() + " is labelled DDL_WORKER but sent no distributed DDL");
            }
        }
    }

    @Test
    void onlyCapabilityMissingNeedsAClusterWithoutADdlWorker() {
        assertEquals(
                Set.of("capability-missing"),
                InternalAcceptanceContract.names(InternalScenarios.all().stream()
                        .filter(scenario -> scenario.needs() == Scenario.Needs.NO_DDL_WORKER)
                        .toList()));
        assertEquals(
                Set.of(
                        "capability-missing",
                        "mismatched-facade",
                        "drift-uuid-before-admission",
                        "drift-engine-before-admission",
                        "drift-schema-before-admission",
                        "drift-keeper-path-before-admission"),
                InternalAcceptanceContract.names(InternalScenarios.withoutDdlWorker()));
    }
}
