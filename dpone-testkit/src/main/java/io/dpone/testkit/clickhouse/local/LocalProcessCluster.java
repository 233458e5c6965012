package io.dpone.testkit.clickhouse.local;

import static java.util.Objects.requireNonNull;

import io.dpone.testkit.clickhouse.config.NodeConfig;
import io.dpone.testkit.clickhouse.config.NodeConfigRenderer;
import io.dpone.testkit.clickhouse.config.ReplicaAddress;
import io.dpone.testkit.clickhouse.config.UsersConfigRenderer;
import io.dpone.testkit.cluster.ClusterCapability;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberEndpoint;
import io.dpone.testkit.cluster.MemberQueryException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.cluster.TestDatabases;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Members as local {@code dpone-ch-node} processes plus ZooKeeper (an in-JVM standalone server or a
 * three-peer ensemble of child JVMs, see {@link KeeperTopology}), all on loopback free ports under
 * one temporary directory (per node: {@code node-N/config.xml}, {@code data/}, {@code logs/}; per
 * ensemble peer: {@code zookeeper-N/}). {@link #close()} kills every node, stops ZooKeeper and
 * deletes the directory unless {@code -Ddpone.keepClusterFiles=true}.
 */
public final class LocalProcessCluster implements RunningCluster {

    /** The members' {@code <keeper_map_path_prefix>}: every KeeperMap root lives under it in ZooKeeper. */
    public static final String KEEPER_MAP_PATH_PREFIX = "/dpone_keeper_map";

    static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final List<String> LOOPBACK = List.of("127.0.0.1", "::1");

    private final ClusterSpec spec;
    private final Path root;
    private final Coordination zooKeeper;
    private final List<LocalMember> members = new ArrayList<>();
    private final Credentials admin = TestDatabases.newAdmin();
    private final Credentials publisher = TestDatabases.newPublisher();
    private boolean closed;

    private LocalProcessCluster(ClusterSpec spec, Path root, Coordination zooKeeper) {
        this.spec = spec;
        this.root = root;
        this.zooKeeper = zooKeeper;
    }

    /** Starts ZooKeeper and every member, and returns once all members answer queries. */
    static LocalProcessCluster start(ClusterSpec spec, ChdbInstallation installation, KeeperTopology keeper) {
        requireNonNull(spec, "spec is null");
        requireNonNull(installation, "installation is null");
        requireNonNull(keeper, "keeper is null");
        int keeperPorts = keeper == KeeperTopology.STANDALONE ? 1 : ZooKeeperEnsemble.PORTS;
        // One allocation, so no port is handed out twice.
        List<Integer> ports = FreePorts.allocate(keeperPorts + 2 * spec.members());
        Path root = WorkDirectory.create();
        LocalProcessCluster cluster = new LocalProcessCluster(
                spec,
                root,
                switch (keeper) {
                    case STANDALONE -> new EmbeddedZooKeeper(root.resolve("zookeeper"), ports.get(0));
                    case THREE_PEER_ENSEMBLE -> ZooKeeperEnsemble.create(root, ports.subList(0, keeperPorts));
                });
        try {
            cluster.createMembers(installation, ports.subList(keeperPorts, ports.size()));
            // Launch first: loading the 566 MB library overlaps ZooKeeper's start.
            // ClickHouse connects to ZooKeeper lazily, on first use, so the order is safe.
            cluster.members.forEach(LocalMember::launch);
            cluster.zooKeeper.start();
            cluster.members.forEach(LocalMember::awaitReady);
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    private void createMembers(ChdbInstallation installation, List<Integer> ports) {
        List<ReplicaAddress> replicas = new ArrayList<>();
        for (int i = 0; i < spec.members(); i++) {
            replicas.add(new ReplicaAddress("127.0.0.1", ports.get(2 * i + 1)));
        }
        Path usersXml = WorkDirectory.write(
                root.resolve("users.xml"), new UsersConfigRenderer().render(LOOPBACK, admin, publisher));
        NodeConfigRenderer renderer = new NodeConfigRenderer();
        for (int i = 0; i < spec.members(); i++) {
            Path nodeDir = WorkDirectory.directory(root.resolve("node-" + (i + 1)));
            Path logDir = WorkDirectory.directory(nodeDir.resolve("logs"));
            NodeConfig config = new NodeConfig(
                            spec.clusterName(),
                            spec.internalReplication(),
                            i,
                            replicas,
                            "127.0.0.1",
                            ports.get(2 * i),
                            replicas.get(i).port(),
                            nodeDir.resolve("data").toString(),
                            logDir.toString(),
                            usersXml.toString(),
                            zooKeeper.clientConfig(),
                            KEEPER_MAP_PATH_PREFIX,
                            OptionalInt.empty(),
                            spec.layout())
                    .withTimeZone(spec.timeZone(i));
            Path configFile = WorkDirectory.write(nodeDir.resolve("config.xml"), renderer.render(config));
            MemberEndpoint endpoint = new MemberEndpoint("127.0.0.1", config.httpPort(), config.tcpPort());
            NodeProcess process = new NodeProcess(installation, configFile, logDir, config.timeZone());
            members.add(new LocalMember(i, config.replicaName(), endpoint, process, admin, START_TIMEOUT));
        }
    }

    @Override
    public ClusterSpec spec() {
        return spec;
    }

    @Override
    public String backendName() {
        return LocalProcessBackend.NAME;
    }

    @Override
    public Set<ClusterCapability> capabilities() {
        return LocalProcessBackend.CAPABILITIES;
    }

    @Override
    public List<ClusterMember> members() {
        return List.copyOf(members);
    }

    @Override
    public Credentials admin() {
        return admin;
    }

    @Override
    public Credentials publisher() {
        return publisher;
    }

    /** Process ids of the member processes ever started and still tracked, in member order. */
    public List<Long> processIds() {
        return members.stream().map(LocalMember::pid).toList();
    }

    /** The cluster's temporary directory (configs, data, logs), for diagnosing a failed test. */
    public Path workDirectory() {
        return root;
    }

    /**
     * A libchdb member can die a moment after it answered the last health probe (see
     * {@link #restoreHealthy()}), and then refuses the next statement with 236 or not at all. The
     * test's databases are then created once more, on fresh processes and under a new name; a
     * failure that survives the replacement is the test's to see.
     */
    @Override
    public TestDatabase createTestDatabase() {
        try {
            return TestDatabases.create(members, admin);
        } catch (MemberQueryException dyingMember) {
            restoreHealthy();
            return TestDatabases.create(members, admin);
        }
    }

    @Override
    public void dropTestDatabase(TestDatabase database) {
        TestDatabases.drop(members, admin, database);
    }

    @Override
    public void stopCoordination() {
        zooKeeper.stop();
    }

    @Override
    public void startCoordination() {
        zooKeeper.start();
    }

    /**
     * The children of a coordination node, sorted, read outside the members (in process from the
     * embedded server, or in a synced client session from the ensemble; {@code system.zookeeper}
     * is not attached in libchdb); empty when the node does not exist.
     */
    public List<String> coordinationChildren(String path) {
        return zooKeeper.children(path);
    }

    /** A coordination node's data as UTF-8 text, if the node exists and has data. */
    public java.util.Optional<String> coordinationData(String path) {
        return zooKeeper.data(path);
    }

    /** Whether ZooKeeper is serving (for the ensemble: whether a peer leads). */
    public boolean coordinationRunning() {
        return zooKeeper.isRunning();
    }

    /**
     * The ensemble under the members, for tests that kill its leader.
     *
     * @throws IllegalStateException when this cluster runs over the standalone server
     */
    public ZooKeeperEnsemble keeperEnsemble() {
        if (zooKeeper instanceof ZooKeeperEnsemble ensemble) {
            return ensemble;
        }
        throw new IllegalStateException("this cluster runs over one standalone ZooKeeper, not an ensemble");
    }

    /**
     * Starts ZooKeeper and replaces every member process that died or was paused during the test.
     *
     * <p>A paused member is restarted, never merely resumed: while it was stopped the kernel kept
     * accepting connections for it (other members' {@code clusterAllReplicas} reads), whose peers
     * gave up and closed them. On SIGCONT the member serves those requests, hits "connection reset
     * by peer" on the abandoned socket, and because libchdb embeds ClickHouse with
     * clickhouse-local's process-killing Poco error handler (not clickhouse-server's logging one),
     * that exception escaping a connection thread aborts the whole member, a moment after it
     * answered the readiness probe. A fresh process has no such backlog. The same handler kills an
     * initiator whose {@code clusterAllReplicas} read failed because another member was down: with
     * {@code prefer_localhost_replica = 0} it reaches its own share over a connection to itself,
     * abandons that connection when the read fails, and its own server side dies on the reset. So
     * every member that does not answer a trivial query is replaced too. The data directory is
     * kept, so the member's databases and tables survive as after any restart.
     */
    @Override
    public void restoreHealthy() {
        zooKeeper.start();
        for (LocalMember member : members) {
            if (member.wasPausedSinceLaunch() || !member.isRunning() || !member.answers()) {
                member.restart();
            }
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        RuntimeException failure = null;
        for (LocalMember member : members) {
            try {
                member.kill();
            } catch (RuntimeException e) {
                failure = e;
            }
        }
        zooKeeper.close();
        if (!Boolean.getBoolean("dpone.keepClusterFiles")) {
            WorkDirectory.delete(root);
        }
        if (failure != null) {
            throw failure;
        }
    }
}
