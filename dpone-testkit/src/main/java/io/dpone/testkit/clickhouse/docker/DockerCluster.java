package io.dpone.testkit.clickhouse.docker;

import static java.util.Objects.requireNonNull;

import com.github.dockerjava.api.DockerClient;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.testkit.clickhouse.config.KeeperConfigRenderer;
import io.dpone.testkit.clickhouse.config.NodeConfig;
import io.dpone.testkit.clickhouse.config.NodeConfigRenderer;
import io.dpone.testkit.clickhouse.config.ReplicaAddress;
import io.dpone.testkit.clickhouse.config.ServerKind;
import io.dpone.testkit.clickhouse.config.UsersConfigRenderer;
import io.dpone.testkit.cluster.ClusterCapability;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberQueryException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.SqlPublisher;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.cluster.TestDatabases;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * Members and Keeper as containers on one private network, configured from the same fixtures as
 * the local backend ({@link ServerKind#SERVER} sections: console logging, the SQL access storage,
 * no Keeper {@code sessions_path}, no internal DNS cache). The publication principal is an SQL user
 * granted per test database ({@link SqlPublisher}), because 24.8 has no wildcard grants.
 * Testcontainers' reaper removes the containers even when the JVM dies.
 *
 * <p>Members start only once Keeper serves ({@link KeeperReadiness}), and the cluster is handed out,
 * and a restarted member or Keeper handed back, only once every running member reaches every other
 * ({@link MemberReachability}) and sees Keeper. A failed start copies the containers' logs to
 * {@code target/docker-logs/start-failures/} before they are removed.
 */
final class DockerCluster implements RunningCluster, DockerClusters.Logs {

    /**
     * The 24.8.13+ image entrypoint ({@code manage_clickhouse_user} in {@code docker/server/entrypoint.sh},
     * ClickHouse #75259, backported to 24.8 as #75285) writes {@code users.d/default-user.xml}
     * limiting {@code default} to {@code ::1} and {@code 127.0.0.1} when no user, password or access
     * management is set in the environment. That file would be merged over the rendered
     * {@code users.xml}, whose container-network entries then survive only by how merging pairs the
     * {@code <ip>} elements. With this variable the entrypoint leaves every user alone, so the
     * rendered file alone decides (clusterAllReplicas and replication connect as {@code default}).
     */
    static final Map<String, String> MEMBER_ENVIRONMENT = Map.of("CLICKHOUSE_SKIP_USER_SETUP", "1");

    static final String KEEPER_HOST = "keeper";
    static final int KEEPER_PORT = 9181;
    private static final int INTERSERVER_PORT = 9009;
    /** Bounds the wait for a started container to answer (the image pull comes before it); CI hosts can be slow. */
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    /** Bounds the wait for Keeper to serve and for members to reach each other and Keeper. */
    private static final Duration SETTLE_TIMEOUT = Duration.ofMinutes(2);

    private final ClusterSpec spec;
    private final Network network = Network.newNetwork();
    private final DockerClient docker = DockerClientFactory.instance().client();
    private final Credentials admin = TestDatabases.newAdmin();
    private final Credentials publisher = TestDatabases.newPublisher();
    private final GenericContainer<?> keeper;
    private final List<GenericContainer<?>> containers = new ArrayList<>();
    private final List<DockerMember> members = new ArrayList<>();
    private final Polling polling = Polling.system();

    private DockerCluster(ClusterSpec spec) {
        this.spec = spec;
        this.keeper = new GenericContainer<>(DockerImageName.parse(TestcontainersBackend.KEEPER_IMAGE))
                .withNetwork(network)
                .withNetworkAliases(KEEPER_HOST)
                .withExposedPorts(KEEPER_PORT)
                .withStartupTimeout(START_TIMEOUT)
                .withCopyToContainer(
                        Transferable.of(new KeeperConfigRenderer().render(KEEPER_HOST, KEEPER_PORT)),
                        "/etc/clickhouse-keeper/keeper_config.xml");
    }

    static DockerCluster start(ClusterSpec spec) {
        DockerCluster cluster = new DockerCluster(requireNonNull(spec, "spec is null"));
        Instant started = Instant.now();
        try {
            cluster.keeper.start();
            cluster.awaitKeeper();
            cluster.startMembers();
            cluster.awaitReachable();
            SqlPublisher.create(cluster.members, cluster.admin, cluster.publisher);
            DockerClusters.started(cluster);
            return cluster;
        } catch (RuntimeException e) {
            cluster.copyStartFailureLogs(started);
            cluster.close();
            throw e;
        }
    }

    /** A member container: its rendered config and users file, and the entrypoint told to leave users alone. */
    static GenericContainer<?> memberContainer(Network network, String alias, String config, String users) {
        return new GenericContainer<>(DockerImageName.parse(TestcontainersBackend.SERVER_IMAGE))
                .withNetwork(network)
                .withNetworkAliases(alias)
                .withEnv(MEMBER_ENVIRONMENT)
                .withExposedPorts(DockerMember.HTTP_PORT, DockerMember.NATIVE_PORT)
                .withCopyToContainer(Transferable.of(config), "/etc/clickhouse-server/config.xml")
                .withCopyToContainer(Transferable.of(users), "/etc/clickhouse-server/users.xml")
                .waitingFor(
                        Wait.forHttp("/ping").forPort(DockerMember.HTTP_PORT).withStartupTimeout(START_TIMEOUT));
    }

    /** The rendered {@code users.xml} of every member: {@code default} from loopback and the private ranges Docker networks use. */
    static String usersXml(Credentials admin) {
        return new UsersConfigRenderer()
                .renderWithoutPublisher(
                        List.of("127.0.0.1", "::1", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"), admin);
    }

    private void startMembers() {
        List<ReplicaAddress> replicas = new ArrayList<>();
        for (int i = 0; i < spec.members(); i++) {
            replicas.add(new ReplicaAddress("ch" + (i + 1), DockerMember.NATIVE_PORT));
        }
        String users = usersXml(admin);
        NodeConfigRenderer renderer = new NodeConfigRenderer();
        for (int i = 0; i < spec.members(); i++) {
            NodeConfig config = new NodeConfig(
                            spec.clusterName(),
                            spec.internalReplication(),
                            i,
                            replicas,
                            "0.0.0.0",
                            DockerMember.HTTP_PORT,
                            DockerMember.NATIVE_PORT,
                            "/var/lib/clickhouse",
                            "/var/log/clickhouse-server",
                            "/etc/clickhouse-server/users.xml",
                            new ReplicaAddress(KEEPER_HOST, KEEPER_PORT),
                            "/dpone_keeper_map",
                            OptionalInt.of(INTERSERVER_PORT),
                            spec.layout(),
                            ServerKind.SERVER)
                    .withTimeZone(spec.timeZone(i));
            GenericContainer<?> container =
                    memberContainer(network, replicas.get(i).host(), renderer.render(config), users);
            containers.add(container);
            members.add(new DockerMember(i, config.replicaName(), container, docker, admin, this::awaitReachable));
        }
        containers.parallelStream().forEach(GenericContainer::start);
    }

    /** Keeper answers {@code ruok} and reports a serving state; a listening port alone is not enough. */
    private void awaitKeeper() {
        KeeperReadiness.FourLetterWords keeperPort =
                KeeperReadiness.overTcp(() -> PublishedPorts.hostPort(docker, keeper.getContainerId(), KEEPER_PORT)
                        .map(port -> new InetSocketAddress(keeper.getHost(), port)));
        polling.until("ClickHouse Keeper to serve", SETTLE_TIMEOUT, () -> KeeperReadiness.unmet(keeperPort));
    }

    /**
     * Every running, unpaused member reaches every other through the cluster's own connections. Not
     * while a member is paused: a frozen member accepts connections and never answers.
     */
    void awaitReachable() {
        if (members.stream().anyMatch(DockerMember::isPaused)) {
            return;
        }
        String query = MemberReachability.query(SqlQuoting.string(spec.clusterName()));
        polling.until("every running member to reach every other", SETTLE_TIMEOUT, () -> {
            Map<String, Optional<Set<String>>> reached = new TreeMap<>();
            for (DockerMember member : members) {
                if (member.isRunning()) {
                    reached.put(member.replicaName(), reachedBy(member, query));
                }
            }
            return MemberReachability.unmet(reached);
        });
    }

    private Optional<Set<String>> reachedBy(DockerMember member, String query) {
        try {
            return Optional.of(new TreeSet<>(member.client(admin)
                    .query(query, MemberReachability.SETTINGS)
                    .lines()
                    .toList()));
        } catch (MemberQueryException unreachable) {
            return Optional.empty();
        }
    }

    /** Every running, unpaused member has a Keeper session again: its {@code system.zookeeper} read succeeds. */
    private void awaitMembersSeeKeeper() {
        if (members.stream().anyMatch(DockerMember::isPaused)) {
            return;
        }
        polling.until("every running member to see Keeper", SETTLE_TIMEOUT, () -> {
            List<String> without = new ArrayList<>();
            for (DockerMember member : members) {
                if (member.isRunning() && !seesKeeper(member)) {
                    without.add(member.replicaName());
                }
            }
            return without.isEmpty() ? Optional.empty() : Optional.of("no Keeper session on " + without);
        });
    }

    private boolean seesKeeper(DockerMember member) {
        try {
            member.client(admin).query("SELECT count() FROM system.zookeeper WHERE path = '/'");
            return true;
        } catch (MemberQueryException notYet) {
            return false;
        }
    }

    @Override
    public ClusterSpec spec() {
        return spec;
    }

    @Override
    public String backendName() {
        return TestcontainersBackend.NAME;
    }

    @Override
    public Set<ClusterCapability> capabilities() {
        return TestcontainersBackend.CAPABILITIES;
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

    @Override
    public TestDatabase createTestDatabase() {
        TestDatabase database = TestDatabases.create(members, admin);
        SqlPublisher.grant(members, admin, publisher, database);
        return database;
    }

    @Override
    public void dropTestDatabase(TestDatabase database) {
        TestDatabases.drop(members, admin, database);
        SqlPublisher.revoke(members, admin, publisher, database);
    }

    @Override
    public void stopCoordination() {
        docker.stopContainerCmd(keeper.getContainerId()).exec();
    }

    /** Starts Keeper again and returns once it serves and every running member has a session with it. */
    @Override
    public void startCoordination() {
        if (!Boolean.TRUE.equals(docker.inspectContainerCmd(keeper.getContainerId())
                .exec()
                .getState()
                .getRunning())) {
            docker.startContainerCmd(keeper.getContainerId()).exec();
        }
        awaitKeeper();
        awaitMembersSeeKeeper();
    }

    @Override
    public void restoreHealthy() {
        startCoordination();
        for (DockerMember member : members) {
            if (member.isPaused()) {
                member.resume();
            }
            if (!member.isRunning()) {
                member.restart();
            }
        }
        awaitReachable();
    }

    @Override
    public String label() {
        return spec.members() + "-members-" + (spec.internalReplication() ? "internal" : "external");
    }

    /** Copies Keeper's and every member's output since {@code since}, the generated passwords and addresses redacted. */
    @Override
    public void copy(Instant since, Path directory) throws IOException {
        Map<String, String> ids = new LinkedHashMap<>();
        Optional.ofNullable(keeper.getContainerId()).ifPresent(id -> ids.put(KEEPER_HOST, id));
        for (DockerMember member : members) {
            Optional.ofNullable(member.containerId()).ifPresent(id -> ids.put("ch" + (member.index() + 1), id));
        }
        new ContainerLogs(
                        ContainerLogs.docker(docker), new LogRedaction(List.of(admin.password(), publisher.password())))
                .copy(ids, since, directory);
    }

    private void copyStartFailureLogs(Instant started) {
        try {
            copy(
                    started.minusSeconds(2),
                    DockerClusters.directory()
                            .resolve("start-failures")
                            .resolve(label() + "-" + started.toEpochMilli()));
        } catch (IOException | RuntimeException e) {
            System.err.println("dpone: could not copy the container logs of a failed start ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    @Override
    public void close() {
        DockerClusters.closed(this);
        containers.forEach(GenericContainer::stop);
        keeper.stop();
        network.close();
    }
}
