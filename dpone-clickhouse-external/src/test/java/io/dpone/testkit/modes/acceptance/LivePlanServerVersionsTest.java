package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.Fixture;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.simulator.world.ServerErrors;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code dpone plan --live} shows each member's own server version (issue 21), in both modes, on
 * the deterministic simulator: one member of two reports another {@code version()} and the plan
 * names each member's, by shard and replica, as the member read returned it. A version is shown,
 * never judged: publish refuses a server by its distributed-DDL capability, not by its version, so
 * the plan still predicts a new operation. Red before the member read carried {@code version()}:
 * the members had no {@code server_version}. Local real ClickHouse 26.7: RealLivePlanTest and
 * RealExternalLivePlanTest.
 */
class LivePlanServerVersionsTest {
    private static final String UPGRADED = "25.3.2.39";

    @Test
    void internalModeShowsEachMembersVersion() {
        try (SimulatedCluster cluster = SimulatedCluster.of(2, 20261202L, PublicationDriver.FACADE)) {
            PublicationDriver driver = Fixture.prepare(cluster, 3, Narrator.SILENT);
            cluster.simulator().admin().serverVersion(1, UPGRADED);
            LivePlan plan = driver.preview("planner", Fixture.INVOCATION);
            assertEquals(LivePlan.Action.NEW_OPERATION, plan.action(), plan.toString());
            assertEquals(List.of(ServerErrors.VERSION, UPGRADED), versions(plan), plan.toString());
        }
    }

    @Test
    void externalModeShowsEachMembersVersion() {
        try (SimulatedExternalCluster cluster = SimulatedExternalCluster.of(2, 20261202L, PublicationDriver.FACADE)) {
            ExternalDriver driver = ExternalFixture.prepare(cluster, 3, Narrator.SILENT);
            cluster.simulator().admin().serverVersion(0, UPGRADED);
            LivePlan plan = driver.preview("planner", Fixture.INVOCATION);
            assertEquals(LivePlan.Action.NEW_OPERATION, plan.action(), plan.toString());
            assertEquals(List.of(UPGRADED, ServerErrors.VERSION), versions(plan), plan.toString());
        }
    }

    /** Each member's {@code server_version}, in the plan's member order (by replica number). */
    static List<String> versions(LivePlan plan) {
        return ((List<?>) plan.detail().get("members"))
                .stream()
                        .map(member -> String.valueOf(((Map<?, ?>) member).get("server_version")))
                        .toList();
    }
}
