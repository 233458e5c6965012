package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.internal.simulated.Fixture;
import io.dpone.clickhouse.internal.simulated.InternalScenarios;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.clickhouse.local.LocalProcessBackend;
import io.dpone.testkit.clickhouse.local.LocalProcessCluster;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * {@code dpone plan --live} on local real ClickHouse 26.7 (libchdb, in-JVM ZooKeeper): it reads
 * the inventory, every member's target, the facade and the slot, and leaves every catalog and the
 * KeeperMap store byte-identical ({@link RealAcceptanceCluster#catalogFingerprint}, which sees a
 * Keeper row or a table on one member; {@code LocalAcceptanceTest} proves that it does), through
 * the service and through the production composition root. No member here runs a distributed-DDL
 * worker, so what it predicts (a new operation, or the capability blocker when the preflight
 * fails) is held to publish on the simulator ({@link LivePlanPredictsPublishTest}).
 */
class RealLivePlanTest {
    private static final SharedClusters CLUSTERS = new SharedClusters(new LocalProcessBackend());

    @AfterAll
    static void stopClusters() {
        CLUSTERS.close();
    }

    @Test
    void aLivePlanLeavesCatalogsAndKeeperByteIdentical() {
        try (LocalAcceptanceCluster cluster = new LocalAcceptanceCluster((LocalProcessCluster) CLUSTERS.of(2))) {
            PublicationDriver driver = Fixture.prepare(cluster, 0, Narrator.SILENT);
            cluster.createFacadeOn(0, cluster.facade());
            cluster.createFacadeOn(1, cluster.facade());
            String before = cluster.catalogFingerprint();

            LivePlan service = driver.preview("planner", InternalScenarios.INVOCATION);
            assertEquals(before, cluster.catalogFingerprint(), "the service's preview changed a catalog or Keeper");
            LivePlan host = cluster.previewThroughHost(InternalScenarios.INVOCATION);
            assertEquals(before, cluster.catalogFingerprint(), "the host's preview changed a catalog or Keeper");

            for (LivePlan plan : List.of(service, host)) {
                assertTrue(
                        plan.action() == LivePlan.Action.NEW_OPERATION || plan.action() == LivePlan.Action.BLOCKED,
                        plan.toString());
            }
            assertEquals(LivePlan.Action.NEW_OPERATION, service.action(), service.toString());
            Map<?, ?> exchange = (Map<?, ?>) ((List<?>) service.detail().get("statements")).get(1);
            assertEquals("exchange", exchange.get("action"), service.toString());
            assertEquals(2, ((List<?>) service.detail().get("members")).size());
            // every member's own version(), as the member read returned it
            assertEquals(
                    List.of(cluster.serverVersion(), cluster.serverVersion()),
                    LivePlanServerVersionsTest.versions(service));
            assertTrue(cluster.serverVersion().startsWith("26.7"), cluster.serverVersion());
        }
    }
}
