package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.internal.simulated.AcceptanceCluster;
import io.dpone.clickhouse.internal.simulated.Fixture;
import io.dpone.clickhouse.internal.simulated.InternalScenarios;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.testkit.acceptance.AcceptanceReceipt;
import io.dpone.testkit.acceptance.AcceptanceScenario;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.clickhouse.local.LocalProcessBackend;
import io.dpone.testkit.clickhouse.local.LocalProcessCluster;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The acceptance scenarios a cluster without a distributed-DDL worker can run, on the local real
 * harness (libchdb, ClickHouse 26.7, in-JVM ZooKeeper): {@link InternalScenarios#withoutDdlWorker()},
 * i.e. drift of UUID, engine, schema or Keeper path and a mismatched control facade, all refused
 * at admission before any statement is sent, and {@code capability-missing}: {@code dpone publish}
 * fails closed with the capability code and leaves every catalog and the Keeper store
 * byte-identical, through the service and through the provider's composition root. Receipt:
 * {@code target/acceptance/local-acceptance.json}.
 *
 * <p>It does not extend {@link InternalAcceptanceContract}: the other scenarios all send
 * distributed DDL ({@link ScenarioNeedsTest} measures that on the simulator for every one of
 * them), which these members refuse, so the class lists its own scenario tests and
 * {@link #runsExactlyTheScenariosThatNeedNoDdlWorker()} holds that list to the registry.
 */
@AcceptanceReceipt(backend = "local", file = "local-acceptance.json")
class LocalAcceptanceTest extends AcceptanceRuns {
    private static final SharedClusters CLUSTERS = new SharedClusters(new LocalProcessBackend());

    @Override
    protected AcceptanceCluster start(int members) {
        return new LocalAcceptanceCluster((LocalProcessCluster) CLUSTERS.of(members));
    }

    @AfterAll
    static void stopClusters() {
        CLUSTERS.close();
    }

    @Test
    @AcceptanceScenario("drift-uuid-before-admission")
    void uuidDriftBlocksBeforeMutation(TestInfo test) {
        run(test);
    }

    @Test
    @AcceptanceScenario("drift-engine-before-admission")
    void engineDriftBlocksBeforeMutation(TestInfo test) {
        run(test);
    }

    @Test
    @AcceptanceScenario("drift-schema-before-admission")
    void schemaDriftBlocksBeforeMutation(TestInfo test) {
        run(test);
    }

    @Test
    @AcceptanceScenario("drift-keeper-path-before-admission")
    void keeperPathDriftBlocksBeforeMutation(TestInfo test) {
        run(test);
    }

    @Test
    @AcceptanceScenario("mismatched-facade")
    void mismatchedFacadeBlocks(TestInfo test) {
        run(test);
    }

    @Test
    @AcceptanceScenario("capability-missing")
    void withoutADdlWorkerPublishFailsClosedAtAdmissionAndChangesNothing(TestInfo test) {
        run(test);
    }

    /** What makes {@code capability-missing}'s "byte-identical" mean something: the fingerprint sees each kind of change. */
    @Test
    void theCatalogFingerprintSeesAKeeperWriteAndACatalogChangeOnOneMember() {
        try (LocalAcceptanceCluster cluster = (LocalAcceptanceCluster) start(2)) {
            Fixture.prepare(cluster, 0, Narrator.SILENT);
            cluster.createFacadeOn(0, cluster.facade());
            cluster.createFacadeOn(1, cluster.facade());
            String before = cluster.catalogFingerprint();
            assertEquals(before, cluster.catalogFingerprint(), "unchanged when nothing changed");
            cluster.sql
                    .admin(0)
                    .execute(
                            "INSERT INTO " + cluster.facade().control().render()
                                    + " (target_key, phase) VALUES ('k', 'PREPARED')",
                            Map.of("keeper_map_strict_mode", "1"));
            String written = cluster.catalogFingerprint();
            assertNotEquals(before, written, "a row written to the control store");
            cluster.sql
                    .admin(1)
                    .execute("CREATE TABLE " + cluster.target().database() + ".other (id UInt64)"
                            + " ENGINE = MergeTree ORDER BY id");
            String created = cluster.catalogFingerprint();
            assertNotEquals(written, created, "a table created on one member");
            String platform = PublicationDriver.FACADE.control().database();
            cluster.sql.admin(1).execute("CREATE DATABASE " + platform + " ENGINE = Atomic");
            try {
                assertNotEquals(created, cluster.catalogFingerprint(), "the platform's control database on one member");
            } finally {
                cluster.sql.admin(1).execute("DROP DATABASE " + platform + " SYNC");
            }
        }
    }

    @Test
    void runsExactlyTheScenariosThatNeedNoDdlWorker() {
        assertEquals(
                InternalAcceptanceContract.names(InternalScenarios.withoutDdlWorker()),
                new TreeSet<>(scenarioTests(LocalAcceptanceTest.class).keySet()));
    }
}
