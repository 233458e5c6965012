package io.dpone.testkit.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.StatementKind;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.testkit.clickhouse.config.FixtureDigest;
import io.dpone.testkit.clickhouse.config.ServerKind;
import io.dpone.testkit.clickhouse.docker.TestcontainersBackend;
import io.dpone.testkit.cluster.RunningCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * {@link ExternalAcceptanceCluster} on pinned ClickHouse 24.8 containers started with
 * {@code internal_replication = false} (the Docker backend): a per-scenario namespace, the
 * distributed-DDL and authority faults, DDL stalls and queue observations exactly as
 * {@link DockerAcceptanceCluster} does them for internal mode (it is used underneath, over the same
 * running cluster); plain {@code MergeTree} members created locally on each container; workers on
 * the production external adapters ({@link RealExternalWorkerPorts}) with the production native
 * member sessions ({@link ContainerMemberSessions}: container endpoints, staging faults). Written
 * from the 24.8 sources and the internal backend it reuses; it has never run on these machines (no
 * Docker engine), see docs/testkit/acceptance.md.
 */
public final class DockerExternalAcceptanceCluster implements ExternalAcceptanceCluster {
    private static final long WORKER_MINUTES = 15;

    private final DockerAcceptanceCluster base;
    private final RunningCluster running;
    private final Path storeDirectory;
    private final ArtifactStore store;
    private final List<StagingFault> stagingFaults = new ArrayList<>();
    private final ContainerMemberSessions sessions;
    private final Map<String, RealExternalWorkerPorts> workers = new ConcurrentHashMap<>();

    public DockerExternalAcceptanceCluster(RunningCluster docker) {
        if (docker.spec().internalReplication()) {
            throw new IllegalArgumentException("external mode needs members with internal_replication = false");
        }
        this.base = new DockerAcceptanceCluster(docker);
        this.running = docker;
        try {
            this.storeDirectory = Files.createTempDirectory("dpone-docker-artifacts");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.store = ArtifactStore.open(storeDirectory);
        this.sessions = new ContainerMemberSessions(docker, base.database.target(), admittedEndpoints(), base.counter(),
                stagingFaults, this);
    }

    /** Member index by {@code host:port} as this cluster's {@code system.clusters} lists them (replica_num - 1). */
    private Map<String, Integer> admittedEndpoints() {
        Map<String, Integer> admitted = new HashMap<>();
        String rows = base.sql.admin(0).query("SELECT host_name, port, replica_num FROM system.clusters WHERE cluster = "
                + SqlQuoting.string(clusterName()) + " ORDER BY replica_num");
        for (String line : rows.lines().toList()) {
            String[] cells = line.split("\t");
            admitted.put(cells[0] + ":" + cells[1], Integer.parseInt(cells[2]) - 1);
        }
        return admitted;
    }

    @Override
    public String backend() {
        return TestcontainersBackend.NAME;
    }

    @Override
    public String serverVersion() {
        return base.serverVersion();
    }

    @Override
    public String fixtureDigest() {
        return FixtureDigest.of(List.of(TestcontainersBackend.NAME, TestcontainersBackend.SERVER_IMAGE,
                TestcontainersBackend.KEEPER_IMAGE, ServerKind.SERVER.name(), "members=" + members(),
                "internal_replication=false", "external"));
    }

    @Override
    public String clusterName() {
        return base.clusterName();
    }

    @Override
    public int members() {
        return base.members();
    }

    @Override
    public TableRef target() {
        return base.target();
    }

    @Override
    public FacadeSpec facade() {
        return base.facade();
    }

    @Override
    public void createDatabases(String... databases) {
        base.createDatabases(databases);
    }

    /** Created locally on each container (no ON CLUSTER): one definition, a table and UUID per member; rows inserted on each. */
    @Override
    public void createMergeTreeTable(TableRef table, long rows) {
        for (int member = 0; member < members(); member++) {
            base.sql.admin(member).execute("CREATE TABLE " + table.render() + " " + ClusterSql.COLUMNS
                    + " ENGINE = MergeTree ORDER BY id");
            if (rows > 0) {
                base.sql.admin(member).execute("INSERT INTO " + table.render()
                        + " SELECT number, concat('v', toString(number)) FROM numbers(" + rows + ")");
            }
        }
    }

    @Override
    public void arm(ArmedFault fault) {
        base.arm(fault);
    }

    @Override
    public void arm(StagingFault fault) {
        synchronized (stagingFaults) {
            stagingFaults.add(requireNonNull(fault, "fault is null"));
        }
    }

    @Override
    public void stallDdl(int member) {
        base.stallDdl(member);
    }

    @Override
    public void releaseDdl(int member) {
        base.releaseDdl(member);
    }

    /** {@code docker start} of the killed container on its data, waiting until it answers. */
    @Override
    public void restart(int member) {
        running.member(member).restart();
    }

    /** {@code v} of the row with id 0 (the scenarios' first row) changed by a synchronous mutation on that member only. */
    @Override
    public void changeRow(int member, TableRef table) {
        base.sql.admin(member).execute("ALTER TABLE " + table.render() + " UPDATE v = 'changed' WHERE id = 0"
                + " SETTINGS mutations_sync = 2");
    }

    @Override
    public ExternalPorts ports(String worker) {
        return workers.computeIfAbsent(worker, name -> new RealExternalWorkerPorts(running.member(0).endpoint(),
                running.publisher(), facade(), base.counter(), base.hook(name), sessions, store, null)).ports();
    }

    @Override
    public RandomBits random(String worker) {
        return RandomBits.secure();
    }

    @Override
    public <T> Map<String, WorkerResult<T>> race(Map<String, Function<ExternalPorts, T>> bodies) {
        bodies.keySet().forEach(this::ports);
        ExecutorService threads = Executors.newFixedThreadPool(bodies.size());
        try {
            Map<String, Future<T>> futures = new LinkedHashMap<>();
            bodies.forEach((name, body) -> futures.put(name, threads.submit(() -> body.apply(ports(name)))));
            Map<String, WorkerResult<T>> results = new LinkedHashMap<>();
            futures.forEach((name, future) -> results.put(name, result(future)));
            return results;
        } finally {
            threads.shutdownNow();
        }
    }

    private static <T> WorkerResult<T> result(Future<T> future) {
        try {
            return new WorkerResult.Returned<>(future.get(WORKER_MINUTES, TimeUnit.MINUTES));
        } catch (ExecutionException failed) {
            return new WorkerResult.Threw<>(failed.getCause());
        } catch (TimeoutException | InterruptedException stuck) {
            if (stuck instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            future.cancel(true);
            return new WorkerResult.Threw<>(stuck);
        }
    }

    @Override
    public Optional<UUID> uuid(int member, TableRef table) {
        return base.uuid(member, table);
    }

    @Override
    public long rows(int member, TableRef table) {
        return base.rows(member, table);
    }

    /** Read back over a direct native session, exactly as the service's proof reads it. */
    @Override
    public Optional<Digest> content(int member, TableRef table, ArtifactSchema schema) {
        if (uuid(member, table).isEmpty()) {
            return Optional.empty();
        }
        CatalogRead<MemberContent> read = sessions.direct(member).content(table, schema, ExternalDriver.CONTENT_ROW_BUDGET);
        if (read instanceof CatalogRead.Observed<MemberContent> observed
                && observed.facts() instanceof MemberContent.Observed content) {
            return Optional.of(content.contentDigest());
        }
        throw new ScenarioFailure("member " + member + "'s rows could not be read back as the artifact's columns");
    }

    @Override
    public long sent(StatementKind kind) {
        return base.sent(kind);
    }

    @Override
    public long maxSendsPerMutation() {
        return base.maxSendsPerMutation();
    }

    /** Releases the workers, then lets the internal backend settle the cluster and drop the namespace; deletes the store. */
    @Override
    public void close() {
        try {
            workers.values().forEach(RealExternalWorkerPorts::close);
            workers.clear();
            base.close();
        } finally {
            try (Stream<Path> files = Files.walk(storeDirectory)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException ignored) {
                // a temporary directory left behind changes nothing a scenario proved
            }
        }
    }
}
