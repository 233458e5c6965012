package io.dpone.testkit.clickhouse.local;

import static java.util.Objects.requireNonNull;

import io.dpone.testkit.clickhouse.config.KeeperClientConfig;
import io.dpone.testkit.clickhouse.config.ReplicaAddress;
import io.dpone.testkit.clickhouse.config.ZooKeeperPeerConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.apache.zookeeper.KeeperException;

/**
 * Three Apache ZooKeeper 3.9 peers, each its own JVM on loopback free ports with its own data
 * directory under the cluster's work directory ({@code zookeeper-N/}), serving the members as one
 * ensemble. A test can SIGKILL the elected leader ({@link #killLeader()}): the kernel closes its
 * sockets at once, the sessions it served are lost, the followers drop theirs as they leave the
 * old epoch, and the two survivors elect a new leader among themselves (a quorum of three is two).
 * {@link #restart} brings a peer back as a follower of the new leader.
 *
 * <p>Ticks are {@value #BASE_TICK_MS} ms times {@code -Ddpone.zookeeper.timeoutScale} (default 1),
 * and every bound here scales with them, so a slow machine can stretch them without a code change.
 *
 * <p>Not thread-safe: one test thread kills and restarts peers; {@link #leader()} and the synced
 * reads may run from any thread.
 */
public final class ZooKeeperEnsemble implements Coordination {

    public static final int SIZE = 3;
    /** Client, quorum and election port of every peer. */
    static final int PORTS = 3 * SIZE;

    static final int BASE_TICK_MS = 200;
    private static final double SCALE = Double.parseDouble(System.getProperty("dpone.zookeeper.timeoutScale", "1"));
    /** How long starting peers or an election may take before a wait fails. */
    public static final Duration QUORUM_TIMEOUT = scaled(Duration.ofSeconds(30));

    private final List<ZooKeeperPeer> peers;
    private final int tickMs;
    private final SyncedKeeperReads reads;

    private ZooKeeperEnsemble(List<ZooKeeperPeer> peers, int tickMs) {
        this.peers = List.copyOf(peers);
        this.tickMs = tickMs;
        String connectString =
                peers.stream().map(peer -> "127.0.0.1:" + peer.clientPort()).collect(Collectors.joining(","));
        this.reads = new SyncedKeeperReads(connectString, sessionTimeoutMs());
    }

    /**
     * Writes every peer's {@code zoo.cfg} and {@code myid} under {@code root}; starts nothing.
     *
     * @param ports {@value #PORTS} distinct free ports
     */
    static ZooKeeperEnsemble create(Path root, List<Integer> ports) {
        requireNonNull(root, "root is null");
        if (ports.size() != PORTS) {
            throw new IllegalArgumentException("an ensemble needs " + PORTS + " ports");
        }
        List<ZooKeeperPeerConfig.Ports> peerPorts = new ArrayList<>();
        for (int i = 0; i < SIZE; i++) {
            peerPorts.add(new ZooKeeperPeerConfig.Ports(ports.get(3 * i), ports.get(3 * i + 1), ports.get(3 * i + 2)));
        }
        int tickMs = (int) Math.max(10, Math.round(BASE_TICK_MS * SCALE));
        List<ZooKeeperPeer> peers = new ArrayList<>();
        for (int id = 1; id <= SIZE; id++) {
            Path dir = WorkDirectory.directory(root.resolve("zookeeper-" + id));
            Path data = WorkDirectory.directory(dir.resolve("data"));
            WorkDirectory.write(data.resolve("myid"), id + "\n");
            ZooKeeperPeerConfig config = new ZooKeeperPeerConfig(id, data.toString(), "127.0.0.1", peerPorts, tickMs);
            Path configFile = WorkDirectory.write(dir.resolve("zoo.cfg"), config.render());
            peers.add(new ZooKeeperPeer(id, configFile, dir.resolve("peer.log"), config.clientPort()));
        }
        return new ZooKeeperEnsemble(peers, tickMs);
    }

    /**
     * Every peer, with a session that survives one election (20 ticks, ZooKeeper's maximum) and a
     * request bound of 12 ticks: a request caught by a dying leader ends quickly either way.
     */
    @Override
    public KeeperClientConfig clientConfig() {
        List<ReplicaAddress> nodes = peers.stream()
                .map(peer -> new ReplicaAddress("127.0.0.1", peer.clientPort()))
                .toList();
        return new KeeperClientConfig(nodes, sessionTimeoutMs(), 12 * tickMs);
    }

    private int sessionTimeoutMs() {
        return 20 * tickMs;
    }

    public int size() {
        return SIZE;
    }

    /** Launches every peer that is not running and waits until they serve under one leader. */
    @Override
    public void start() {
        launchStopped();
        awaitServing();
    }

    /** Launches every peer that is not running and returns at once. */
    void launchStopped() {
        for (ZooKeeperPeer peer : peers) {
            if (!peer.isAlive()) {
                peer.start();
            }
        }
    }

    /** SIGKILLs every peer and ends the harness's own read session. */
    @Override
    public void stop() {
        reads.close();
        peers.forEach(ZooKeeperPeer::kill);
    }

    /** Whether some peer leads now. */
    @Override
    public boolean isRunning() {
        return leader().isPresent();
    }

    /** The id (1..3) of the peer that answers {@code srvr} as leader, if exactly one does. */
    public OptionalInt leader() {
        return soleLeader(roles());
    }

    /**
     * Waits until every running peer serves and exactly one leads, and returns the leader's id.
     *
     * @throws IllegalStateException when that does not happen within {@link #QUORUM_TIMEOUT}
     */
    public int awaitServing() {
        long deadline = System.nanoTime() + QUORUM_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            Map<Integer, ZooKeeperPeer.Role> running = roles();
            running.values().removeIf(role -> role == null);
            OptionalInt leader = soleLeader(running);
            if (leader.isPresent()
                    && !running.containsValue(ZooKeeperPeer.Role.NOT_SERVING)
                    && 2 * running.size() > SIZE) {
                return leader.getAsInt();
            }
            pause(tickMs / 2);
        }
        throw new IllegalStateException(
                "the ZooKeeper ensemble did not serve under one leader within " + QUORUM_TIMEOUT);
    }

    /** Each peer's role by id; null for a peer whose process is not running. */
    private Map<Integer, ZooKeeperPeer.Role> roles() {
        Map<Integer, ZooKeeperPeer.Role> roles = new HashMap<>();
        for (ZooKeeperPeer peer : peers) {
            roles.put(peer.id(), peer.isAlive() ? peer.role() : null);
        }
        return roles;
    }

    private static OptionalInt soleLeader(Map<Integer, ZooKeeperPeer.Role> roles) {
        List<Integer> leaders = roles.entrySet().stream()
                .filter(entry -> entry.getValue() == ZooKeeperPeer.Role.LEADER)
                .map(Map.Entry::getKey)
                .toList();
        return leaders.size() == 1 ? OptionalInt.of(leaders.get(0)) : OptionalInt.empty();
    }

    /** SIGKILLs the current leader (waiting for one if an election is under way) and returns its id. */
    public int killLeader() {
        int leader = awaitServing();
        kill(leader);
        return leader;
    }

    /** SIGKILLs peer {@code id} (1..3); a stopped peer stays stopped. */
    public void kill(int id) {
        peer(id).kill();
    }

    /** Launches peer {@code id} again on its ports and data; it joins the ensemble as it starts. */
    public void restart(int id) {
        ZooKeeperPeer peer = peer(id);
        if (!peer.isAlive()) {
            peer.start();
        }
    }

    public boolean isAlive(int id) {
        return peer(id).isAlive();
    }

    /** Operating-system process ids of the running peers, for tests that check no process outlives the cluster. */
    List<Long> processIds() {
        return peers.stream()
                .filter(ZooKeeperPeer::isAlive)
                .map(ZooKeeperPeer::pid)
                .toList();
    }

    /**
     * Runs {@code read} in the harness's own client session right after {@code sync}, so it sees
     * every write the leader committed before the call, whichever peer serves it; a session lost
     * to an election is replaced until {@link #QUORUM_TIMEOUT}. The test's view of Keeper truth,
     * independent of the ClickHouse members' own sessions.
     */
    public <T> T syncedRead(SyncedKeeperReads.Read<T> read) {
        return reads.read(requireNonNull(read, "read is null"), QUORUM_TIMEOUT);
    }

    @Override
    public List<String> children(String path) {
        requireNonNull(path, "path is null");
        return syncedRead(session -> {
            try {
                return session.getChildren(path, false).stream().sorted().toList();
            } catch (KeeperException.NoNodeException absent) {
                return List.<String>of();
            }
        });
    }

    @Override
    public Optional<String> data(String path) {
        requireNonNull(path, "path is null");
        return syncedRead(session -> {
            try {
                byte[] data = session.getData(path, false, null);
                return Optional.of(data == null ? "" : new String(data, StandardCharsets.UTF_8));
            } catch (KeeperException.NoNodeException absent) {
                return Optional.<String>empty();
            }
        });
    }

    @Override
    public void close() {
        stop();
    }

    private ZooKeeperPeer peer(int id) {
        if (id < 1 || id > SIZE) {
            throw new IllegalArgumentException("peer ids are 1.." + SIZE);
        }
        return peers.get(id - 1);
    }

    private static Duration scaled(Duration base) {
        return Duration.ofMillis(Math.round(base.toMillis() * SCALE));
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the ZooKeeper ensemble", e);
        }
    }
}
