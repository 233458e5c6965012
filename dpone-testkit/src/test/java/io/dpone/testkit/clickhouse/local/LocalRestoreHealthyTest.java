package io.dpone.testkit.clickhouse.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.testkit.clickhouse.junit.RealClickHouseRequirement;
import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.TestDatabase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code restoreHealthy()} replaces every member process that was paused during a test, even one
 * the test already resumed: a resumed libchdb member can still abort on connections its peers
 * abandoned while it was stopped (see docs/testkit/real-clickhouse.md). So is a member that no
 * longer answers for any reason. Untouched members keep their process.
 */
class LocalRestoreHealthyTest {

    @Test
    void pausedAndResumedMembersAreReplacedAndUntouchedOnesKept() {
        if (new LocalProcessBackend().availability() instanceof BackendAvailability.Unavailable missing) {
            RealClickHouseRequirement.current().onUnavailable(LocalProcessBackend.NAME, missing);
        }
        try (LocalProcessCluster cluster =
                (LocalProcessCluster) new LocalProcessBackend().start(ClusterSpec.twoMembers())) {
            List<Long> before = cluster.processIds();
            cluster.member(1).pause();
            cluster.member(1).resume();

            cluster.restoreHealthy();

            List<Long> after = cluster.processIds();
            assertEquals(before.get(0), after.get(0), "an untouched member keeps its process");
            assertNotEquals(before.get(1), after.get(1), "a member paused during the test is a fresh process");
            assertEquals("1", cluster.member(1).client(cluster.admin()).query("SELECT 1"));

            cluster.member(1).pause();
            cluster.restoreHealthy();
            assertNotEquals(after.get(1), cluster.processIds().get(1), "a still-paused member is restarted too");
            assertEquals("1", cluster.member(1).client(cluster.admin()).query("SELECT 1"));

            // Stopped behind the harness's back: alive, never marked paused, not answering, like
            // a member dying after a connection reset. Only the health probe can see it.
            List<Long> probed = cluster.processIds();
            stopBehindTheHarness(probed.get(0));
            cluster.restoreHealthy();
            assertNotEquals(probed.get(0), cluster.processIds().get(0), "a member that does not answer is replaced");
            assertEquals(probed.get(1), cluster.processIds().get(1));
            assertEquals("1", cluster.member(0).client(cluster.admin()).query("SELECT 1"));
        }
    }

    /**
     * Red on main 3d271eb (CI run of this session, LocalConformanceTest): a member that answered
     * the afterEach health probe died before the next test's CREATE DATABASE, which failed with
     * 236 (ABORTED) and failed an unrelated test. Stopped behind the harness here, the member
     * refuses the statement; the harness replaces it and creates the test's databases.
     */
    @Test
    void aMemberThatDiesAfterTheLastProbeIsReplacedBeforeTheTestsDatabases() {
        if (new LocalProcessBackend().availability() instanceof BackendAvailability.Unavailable missing) {
            RealClickHouseRequirement.current().onUnavailable(LocalProcessBackend.NAME, missing);
        }
        try (LocalProcessCluster cluster =
                (LocalProcessCluster) new LocalProcessBackend().start(ClusterSpec.twoMembers())) {
            List<Long> before = cluster.processIds();
            cluster.member(1).kill();

            TestDatabase database = cluster.createTestDatabase();

            assertNotEquals(before.get(1), cluster.processIds().get(1), "the dead member is a fresh process");
            for (int member = 0; member < 2; member++) {
                assertEquals(
                        "1",
                        cluster.member(member)
                                .client(cluster.admin())
                                .query("SELECT count() FROM system.databases WHERE name = '" + database.target()
                                        + "'"));
            }
        }
    }

    private static void stopBehindTheHarness(long pid) {
        try {
            Process stop = new ProcessBuilder("kill", "-STOP", Long.toString(pid))
                    .inheritIO()
                    .start();
            assertEquals(0, stop.waitFor());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
