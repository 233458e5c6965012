package io.dpone.testkit.clickhouse.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.clickhouse.config.KeeperClientConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three-peer ensemble on its own (no ClickHouse): a killed leader is replaced by one of the two
 * survivors with the committed data intact, a restarted peer rejoins, and no peer process outlives
 * {@code close()} or the JVM that started it. Backend: real Apache ZooKeeper 3.9.5 child JVMs.
 */
class LocalZooKeeperEnsembleTest {

    private static final byte[] VALUE = "committed before the kill".getBytes(StandardCharsets.UTF_8);

    @Test
    void killingTheLeaderElectsASurvivorThatKeepsCommittedDataAndARestartedPeerRejoins(@TempDir Path root) {
        ZooKeeperEnsemble ensemble = ZooKeeperEnsemble.create(root, FreePorts.allocate(ZooKeeperEnsemble.PORTS));
        try {
            ensemble.start();
            KeeperClientConfig client = ensemble.clientConfig();
            assertEquals(3, client.nodes().size(), "members list every peer");
            ensemble.syncedRead(session -> createIfAbsent(session, "/probe"));

            long killedAt = System.nanoTime();
            int killed = ensemble.killLeader();
            assertFalse(ensemble.isAlive(killed));
            int elected = ensemble.awaitServing();
            long electionMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt);
            System.out.println("ensemble: peer " + killed + " killed as leader, peer " + elected + " elected after "
                    + electionMillis + " ms");

            assertNotEquals(killed, elected, "a survivor leads");
            Stat stat = new Stat();
            byte[] data = ensemble.syncedRead(session -> session.getData("/probe", false, stat));
            assertArrayEquals(VALUE, data, "a write the old leader acknowledged survives the election");
            assertEquals(0, stat.getVersion());

            ensemble.restart(killed);
            int leader = ensemble.awaitServing();
            assertTrue(ensemble.isAlive(killed), "the restarted peer serves again");
            assertTrue(ensemble.leader().isPresent());
            System.out.println("ensemble: peer " + killed + " rejoined under leader " + leader);
            List<Long> pids = ensemble.processIds();
            assertEquals(3, pids.size());

            ensemble.close();
            assertTrue(pids.stream().noneMatch(LocalZooKeeperEnsembleTest::alive), "no peer survives close()");
            assertFalse(ensemble.isRunning());
        } finally {
            ensemble.close();
        }
    }

    /**
     * Red on f152ac6 (RealKeeperLeaderLossTest failed in a CI run with "no ZooKeeper read within
     * PT30S"): the harness's session expired while it was reconnecting after an election, and the
     * read kept waiting for that closed session to connect until its deadline. Here the session
     * loses every peer, and while it is reconnecting and the read waits for it, it is made to
     * expire (ZooKeeper's own test hook).
     */
    @Test
    void aSyncedReadReplacesASessionThatExpiresWhileItReconnects(@TempDir Path root) throws Exception {
        ZooKeeperEnsemble ensemble = ZooKeeperEnsemble.create(root, FreePorts.allocate(ZooKeeperEnsemble.PORTS));
        ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
        try {
            ensemble.start();
            ensemble.syncedRead(session -> createIfAbsent(session, "/probe"));
            ZooKeeper harnessSession = ensemble.syncedRead(session -> session);
            for (int id = 1; id <= ZooKeeperEnsemble.SIZE; id++) {
                ensemble.kill(id);
            }
            while (harnessSession.getState().isConnected()) {
                Thread.sleep(10);
            }
            for (int id = 1; id <= ZooKeeperEnsemble.SIZE; id++) {
                ensemble.restart(id);
            }
            later.schedule(() -> harnessSession.getTestable().injectSessionExpiration(), 300, TimeUnit.MILLISECONDS);

            byte[] data = ensemble.syncedRead(session -> session.getData("/probe", false, null));

            assertArrayEquals(VALUE, data, "the read is served by a new session once the ensemble is back");
            assertNotEquals(harnessSession.getSessionId(), (long) ensemble.syncedRead(ZooKeeper::getSessionId));
        } finally {
            later.shutdownNow();
            ensemble.close();
        }
    }

    /** SIGKILL skips the JVM's shutdown hooks; each peer's parent watchdog still ends it. */
    @Test
    void peersDieWithTheJvmThatStartedThem(@TempDir Path root) throws IOException, InterruptedException {
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        ZooKeeperPeer.classPath(),
                        StrayPeerProbe.class.getName(),
                        root.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        List<Long> pids = new ArrayList<>();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            while (pids.size() < ZooKeeperEnsemble.SIZE) {
                String line = out.readLine();
                if (line == null) {
                    break;
                }
                if (line.startsWith("PEER ")) {
                    pids.add(Long.parseLong(line.substring("PEER ".length()).strip()));
                }
            }
            assertEquals(ZooKeeperEnsemble.SIZE, pids.size(), "the child reported every peer");
            assertTrue(pids.stream().allMatch(LocalZooKeeperEnsembleTest::alive), "the child's peers are serving");
            child.destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "child JVM ended");
        } finally {
            child.destroyForcibly();
        }
        for (long pid : pids) {
            assertTrue(
                    ProcessHandle.of(pid)
                            .map(handle -> handle.onExit()
                                    .orTimeout(10, TimeUnit.SECONDS)
                                    .handle((done, timeout) -> timeout == null)
                                    .join())
                            .orElse(true),
                    "a peer exits within 10 s of its JVM");
        }
    }

    private static String createIfAbsent(ZooKeeper session, String path) throws KeeperException, InterruptedException {
        try {
            return session.create(path, VALUE, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        } catch (KeeperException.NodeExistsException retriedAfterALostAnswer) {
            return path;
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
