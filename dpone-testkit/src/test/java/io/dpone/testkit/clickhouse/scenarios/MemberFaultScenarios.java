package io.dpone.testkit.clickhouse.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.clickhouse.junit.RequiresCapabilities;
import io.dpone.testkit.cluster.ClusterCapability;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.MemberQueryException;
import io.dpone.testkit.cluster.QueryFailedException;
import io.dpone.testkit.cluster.QueryTransportException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Kill, pause, restart and coordination faults behave as their names say, on any capable backend. */
@RequiresCapabilities(ClusterCapability.PROCESS_FAULTS)
public abstract class MemberFaultScenarios {

    /** Fail fast instead of waiting for ClickHouse's default 10 s handshake and 300 s receive timeouts. */
    private static final Map<String, String> SHORT_REMOTE_TIMEOUTS = Map.of(
            "connect_timeout_with_failover_ms", "500",
            "handshake_timeout_ms", "1000",
            "receive_timeout", "2",
            "send_timeout", "2");

    /** Without retries a Keeper outage fails the statement at once (the authority adapter's setting). */
    private static final Map<String, String> NO_KEEPER_RETRIES =
            Map.of("keeper_map_strict_mode", "1", "insert_keeper_max_retries", "0", "keeper_max_retries", "0");

    private static final int KEEPER_EXCEPTION = 999;

    @Test
    void killedMemberRefusesConnectionsAndBreaksAllReplicaReads(RunningCluster cluster) {
        ClusterMember victim = cluster.member(1);
        victim.kill();

        assertFalse(victim.isRunning());
        QueryTransportException refused = assertThrows(
                QueryTransportException.class,
                () -> victim.client(cluster.admin()).query("SELECT 1"));
        assertFalse(refused.timedOut(), "a dead member refuses at once; it does not hang");
        assertThrows(MemberQueryException.class, () -> allReplicas(cluster));
        assertEquals("1", cluster.member(0).client(cluster.admin()).query("SELECT 1"), "the survivor still serves");
    }

    @Test
    void pausedMemberHangsUntilResumed(RunningCluster cluster) {
        ClusterMember victim = cluster.member(1);
        victim.pause();

        assertTrue(victim.isRunning(), "a paused process still exists");
        QueryTransportException hung = assertThrows(
                QueryTransportException.class,
                () -> victim.client(cluster.admin(), Duration.ofSeconds(2)).query("SELECT 1"));
        assertTrue(hung.timedOut(), "a paused member accepts the connection but never answers");
        MemberQueryException distributed = assertThrows(MemberQueryException.class, () -> allReplicas(cluster));
        if (distributed instanceof QueryTransportException transport) {
            assertTrue(transport.timedOut());
        }

        victim.resume();
        assertEquals("1", victim.client(cluster.admin()).query("SELECT 1"));
        assertEquals("r1,r2", allReplicas(cluster));
    }

    @Test
    void restartedMemberKeepsItsTablesAndData(RunningCluster cluster, TestDatabase database) {
        ClusterMember victim = cluster.member(1);
        MemberClient before = victim.client(cluster.admin());
        before.execute("CREATE TABLE " + database.target() + ".kept (id UInt32) ENGINE = MergeTree ORDER BY id");
        before.execute("INSERT INTO " + database.target() + ".kept VALUES (1), (2), (3)");
        String uuid = before.query(
                "SELECT uuid FROM system.tables WHERE database = '" + database.target() + "' AND name = 'kept'");

        victim.restart();

        MemberClient after = victim.client(cluster.admin());
        assertEquals("3", after.query("SELECT count() FROM " + database.target() + ".kept"));
        assertEquals(
                uuid,
                after.query("SELECT uuid FROM system.tables WHERE database = '" + database.target()
                        + "' AND name = 'kept'"),
                "same table identity after restart");
        assertEquals("r1,r2", allReplicas(cluster));
    }

    @Test
    @RequiresCapabilities({ClusterCapability.COORDINATION_FAULTS, ClusterCapability.KEEPER_MAP})
    void keeperMapFailsWhileCoordinationIsDownAndRecoversAfterwards(RunningCluster cluster, TestDatabase database)
            throws InterruptedException {
        MemberClient client = cluster.member(0).client(cluster.admin(), Duration.ofSeconds(20));
        String table = database.control() + ".control";
        client.execute("CREATE TABLE " + table + " (k String, v UInt64) ENGINE = KeeperMap('"
                + database.keeperMapPath("control") + "') PRIMARY KEY k");
        client.execute("INSERT INTO " + table + " VALUES ('a', 1)", Map.of("keeper_map_strict_mode", "1"));

        cluster.stopCoordination();
        QueryFailedException down = assertThrows(
                QueryFailedException.class,
                () -> client.execute("INSERT INTO " + table + " VALUES ('b', 2)", NO_KEEPER_RETRIES));
        assertEquals(KEEPER_EXCEPTION, down.serverCode(), "no Keeper: the server reports it instead of hanging");

        cluster.startCoordination();
        String recovered = Eventually.read(
                Duration.ofSeconds(30), "a\t1", () -> client.query("SELECT k, v FROM " + table + " ORDER BY k"));
        assertEquals("a\t1", recovered, "the store survives a coordination restart and the failed insert left nothing");
    }

    private static String allReplicas(RunningCluster cluster) {
        return cluster.member(0)
                .client(cluster.admin(), Duration.ofSeconds(15))
                .query(
                        "SELECT arrayStringConcat(arraySort(groupArray(getMacro('replica'))), ',')"
                                + " FROM clusterAllReplicas('" + cluster.spec().clusterName() + "', system.one)",
                        SHORT_REMOTE_TIMEOUTS);
    }
}
