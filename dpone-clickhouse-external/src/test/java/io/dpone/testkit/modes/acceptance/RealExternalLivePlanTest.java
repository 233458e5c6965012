package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.clickhouse.local.LocalProcessBackend;
import io.dpone.testkit.clickhouse.local.LocalProcessCluster;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code dpone plan --live} in external mode on local real ClickHouse 26.7 (libchdb, two members
 * with {@code internal_replication = false}, in-JVM ZooKeeper): right before every publication of
 * an external acceptance scenario a preview of the same invocation is taken, through the
 * production external adapters (catalog, KeeperMap slots, facade reads, native member sessions),
 * and every member's catalog of the scenario's databases and every KeeperMap row stay
 * byte-identical across it ({@link RealAcceptanceCluster#catalogFingerprint}). The scenarios reach
 * the plan's states: a fresh target (existing or absent) with no facade yet, a completed own record
 * (the rerun), and an own operation left in STAGING by a killed member. The distributed-DDL fan-out the publications
 * use is the testkit's emulation; that the plan predicts publish is held on the simulator
 * ({@link ExternalLivePlanPredictsPublishTest}).
 */
class RealExternalLivePlanTest {
    private static final SharedClusters CLUSTERS = new SharedClusters(new LocalProcessBackend(), false);

    @AfterAll
    static void stopClusters() {
        CLUSTERS.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"existing-target", "absent-target", "member-lost-mid-staging"})
    void aPreviewBeforeEveryPublicationLeavesCatalogsAndKeeperByteIdentical(String name) {
        ExternalScenario scenario = ExternalScenarios.named(name).orElseThrow();
        List<LivePlan> plans = new ArrayList<>();
        String version;
        try (LocalExternalAcceptanceCluster cluster =
                new LocalExternalAcceptanceCluster((LocalProcessCluster) CLUSTERS.of(scenario.members()))) {
            version = cluster.serverVersion();
            cluster.beforeEachPublication((driver, invocation) -> {
                String before = cluster.catalogFingerprint();
                plans.add(driver.preview("planner", invocation));
                assertEquals(before, cluster.catalogFingerprint(), name + ": the preview changed a catalog or Keeper");
            });
            scenario.run(cluster, Narrator.SILENT);
        }
        assertEquals(
                name.equals("absent-target") ? 1 : 2,
                plans.size(),
                name + ": every publication was previewed: " + plans);
        for (LivePlan plan : plans) {
            assertEquals(ReplicationMode.EXTERNAL, plan.replicationMode(), plan.toString());
            assertEquals(scenario.members(), ((List<?>) plan.detail().get("members")).size(), plan.toString());
            // every member's own version(), read through the production catalog adapter
            assertEquals(
                    Collections.nCopies(scenario.members(), version),
                    LivePlanServerVersionsTest.versions(plan),
                    plan.toString());
        }
        assertEquals(
                LivePlan.Action.NEW_OPERATION,
                plans.get(0).action(),
                plans.get(0).toString());
        String first = plans.get(0).detail().get("statements").toString();
        assertTrue(first.contains(name.equals("absent-target") ? "RENAME TABLE" : "EXCHANGE TABLES"), first);
        if (plans.size() == 2) {
            assertEquals(
                    name.equals("member-lost-mid-staging") ? LivePlan.Action.RESUME : LivePlan.Action.NOTHING,
                    plans.get(1).action(),
                    plans.get(1).toString());
        }
    }
}
