package io.dpone.testkit.clickhouse.docker;

import static java.util.Objects.requireNonNull;

import com.github.dockerjava.api.DockerClient;
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
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.SqlPublisher;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.cluster.TestDatabases;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * Members and Keeper as containers on one private network, configured from the same fixtures as
 * the local backend ({@link ServerKind#SERVER} sections: console logging, the SQL access storage,
 * no Keeper {@code sessions_path}). The publication principal is an SQL user granted per test
 * database ({@link SqlPublisher}), because 24.8 has no wildcard grants. Testcontainers' reaper
 * removes the containers even when the JVM dies.
 */
final class DockerCluster implements RunningCluster {

    private static final String KEEPER_HOST = "keeper";
    private static final int KEEPER_PORT = 9181;
    private static final int INTERSERVER_PORT = 9009;
    /** Bounds the wait for a started container to answer (the image pull comes before it); CI hosts can be slow. */
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

    private final ClusterSpec spec;
    private final Network network = Network.newNetwork();
    private final DockerClient docker = DockerClientFactory.instance().client();
    private final Credentials admin = TestDatabases.newAdmin();
    private final Credentials publisher = TestDatabases.newPublisher();
    private final GenericContainer<?> keeper;
    private final List<GenericContainer<?>> containers = new ArrayList<>();
    private final List<DockerMember> members = new ArrayList<>();

    private DockerCluster(ClusterSpec spec) {
        this.spec = spec;
        this.keeper = new GenericContainer<>(DockerImageName.parse(TestcontainersBackend.KEEPER_IMAGE))
                .withNetwork(network)
                .withNetworkAliases(KEEPER_HOST)
                .withExposedPorts(KEEPER_PORT)
                .withStartupTimeout(START_TIMEOUT)
                .withCopyToContainer(Transferable.of(new KeeperConfigRenderer().render(KEEPER_HOST, KEEPER_PORT)),
                        "/etc/clickhouse-keeper/keeper_config.xml");
    }

    static DockerCluster start(ClusterSpec spec) {
        DockerCluster cluster = new DockerCluster(requireNonNull(spec, "spec is null"));
        try {
            cluster.keeper.start();
            cluster.startMembers();
            SqlPublisher.create(cluster.members, cluster.admin, cluster.publisher);
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    private void startMembers() {
        List<ReplicaAddress> replicas = new ArrayList<>();
        for (int i = 0; i < spec.members(); i++) {
            replicas.add(new ReplicaAddress("ch" + (i + 1), DockerMember.NATIVE_PORT));
        }
        String users = new UsersConfigRenderer().renderWithoutPublisher(
                List.of("127.0.0.1", "::1", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"), admin);
        NodeConfigRenderer renderer = new NodeConfigRenderer();
        for (int i = 0; i < spec.members(); i++) {
            NodeConfig config = new NodeConfig(spec.clusterName(), spec.internalReplication(), i, replicas,
                    "0.0.0.0", DockerMember.HTTP_PORT, DockerMember.NATIVE_PORT, "/var/lib/clickhouse",
                    "/var/log/clickhouse-server", "/etc/clickhouse-server/users.xml",
                    new ReplicaAddress(KEEPER_HOST, KEEPER_PORT), "/dpone_keeper_map", OptionalInt.of(INTERSERVER_PORT),
                    spec.layout(), ServerKind.SERVER).withTimeZone(spec.timeZone(i));
            GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(TestcontainersBackend.SERVER_IMAGE))
                    .withNetwork(network)
                    .withNetworkAliases(replicas.get(i).host())
                    .withExposedPorts(DockerMember.HTTP_PORT, DockerMember.NATIVE_PORT)
                    .withCopyToContainer(Transferable.of(renderer.render(config)), "/etc/clickhouse-server/config.xml")
                    .withCopyToContainer(Transferable.of(users), "/etc/clickhouse-server/users.xml")
                    .waitingFor(Wait.forHttp("/ping").forPort(DockerMember.HTTP_PORT)
                            .withStartupTimeout(START_TIMEOUT));
            containers.add(container);
            members.add(new DockerMember(i, config.replicaName(), container, docker, admin));
        }
        containers.parallelStream().forEach(GenericContainer::start);
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

    @Override
    public void startCoordination() {
        if (!Boolean.TRUE.equals(docker.inspectContainerCmd(keeper.getContainerId()).exec().getState().getRunning())) {
            docker.startContainerCmd(keeper.getContainerId()).exec();
        }
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
    }

    @Override
    public void close() {
        containers.forEach(GenericContainer::stop);
        keeper.stop();
        network.close();
    }
}
