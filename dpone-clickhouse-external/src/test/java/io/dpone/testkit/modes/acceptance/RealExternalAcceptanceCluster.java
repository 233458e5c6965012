package io.dpone.testkit.modes.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.simulated.ExternalAcceptanceCluster;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.testkit.acceptance.ScenarioFailure;
import io.dpone.testkit.acceptance.StagingFault;
import io.dpone.testkit.acceptance.WorkerResult;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.fault.SendHook;
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
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What both real external backends share, over the internal backend of the same running cluster
 * ({@link RealAcceptanceCluster}: the scenario's namespace, admin SQL, the shared send counter,
 * settling and dropping the namespace): plain {@code MergeTree} targets created locally on each
 * member, the production external worker composition ({@link RealExternalWorkerPorts}), the
 * production native member sessions with the staging faults ({@link ContainerMemberSessions}),
 * workers raced on real threads, a real mutation for a changed row, and an artifact store of the
 * scenario's own, deleted on {@link #close()}.
 */
abstract class RealExternalAcceptanceCluster implements ExternalAcceptanceCluster {
    static final long WORKER_MINUTES = 15;

    final RealAcceptanceCluster base;
    final RunningCluster running;
    private final Path storeDirectory;
    private final ArtifactStore store;
    private final List<StagingFault> stagingFaults = new ArrayList<>();
    final ContainerMemberSessions sessions;
    private final Map<String, RealExternalWorkerPorts> workers = new ConcurrentHashMap<>();
    private BiConsumer<ExternalDriver, String> publishing = (driver, invocation) -> {};

    RealExternalAcceptanceCluster(RealAcceptanceCluster base, RunningCluster running) {
        this.base = requireNonNull(base, "base is null");
        this.running = requireNonNull(running, "running is null");
        if (running.spec().internalReplication()) {
            throw new IllegalArgumentException("external mode needs members with internal_replication = false");
        }
        try {
            this.storeDirectory = Files.createTempDirectory("dpone-real-artifacts");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.store = ArtifactStore.open(storeDirectory);
        this.sessions = new ContainerMemberSessions(
                running, base.database.target(), admittedEndpoints(), base.counter(), stagingFaults, this);
    }

    /** The hook of worker {@code name}'s fault-injecting transport. */
    abstract SendHook hook(String name);

    /** The distributed-DDL port that replaces the production adapter, or null to use it. */
    abstract DdlPort emulatedDdl();

    /** Member index by {@code host:port} as this cluster's {@code system.clusters} lists them (replica_num - 1). */
    private Map<String, Integer> admittedEndpoints() {
        Map<String, Integer> admitted = new HashMap<>();
        String rows = base.sql
                .admin(0)
                .query("SELECT host_name, port, replica_num FROM system.clusters WHERE cluster = "
                        + SqlQuoting.string(clusterName()) + " ORDER BY replica_num");
        for (String line : rows.lines().toList()) {
            String[] cells = line.split("\t");
            admitted.put(cells[0] + ":" + cells[1], Integer.parseInt(cells[2]) - 1);
        }
        return admitted;
    }

    @Override
    public String serverVersion() {
        return base.serverVersion();
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

    /** Created locally on each member (no ON CLUSTER): one definition, a table and UUID per member; rows inserted on each. */
    @Override
    public void createMergeTreeTable(TableRef table, long rows) {
        for (int member = 0; member < members(); member++) {
            base.sql
                    .admin(member)
                    .execute("CREATE TABLE " + table.render() + " " + ClusterSql.COLUMNS
                            + " ENGINE = MergeTree ORDER BY id");
            if (rows > 0) {
                base.sql
                        .admin(member)
                        .execute("INSERT INTO " + table.render()
                                + " SELECT number, concat('v', toString(number)) FROM numbers(" + rows + ")");
            }
        }
    }

    @Override
    public void arm(StagingFault fault) {
        synchronized (stagingFaults) {
            stagingFaults.add(requireNonNull(fault, "fault is null"));
        }
    }

    /** Starts the killed member again on its data, waiting until it answers. */
    @Override
    public void restart(int member) {
        running.member(member).restart();
    }

    /** {@code v} of the row with id 0 (the scenarios' first row) changed by a synchronous mutation on that member only. */
    @Override
    public void changeRow(int member, TableRef table) {
        base.sql
                .admin(member)
                .execute("ALTER TABLE " + table.render() + " UPDATE v = 'changed' WHERE id = 0"
                        + " SETTINGS mutations_sync = 2");
    }

    @Override
    public ExternalPorts ports(String worker) {
        return workers.computeIfAbsent(
                        worker,
                        name -> new RealExternalWorkerPorts(
                                running.member(0).endpoint(),
                                running.publisher(),
                                facade(),
                                base.counter(),
                                hook(name),
                                sessions,
                                store,
                                emulatedDdl()))
                .ports();
    }

    /** Production's source of tokens and fences: a real cluster's runs are not replayed from a seed. */
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
        CatalogRead<MemberContent> read =
                sessions.direct(member).content(table, schema, ExternalDriver.CONTENT_ROW_BUDGET);
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

    /** Runs {@code hook} right before each publication an {@link ExternalDriver} runs on this cluster. */
    RealExternalAcceptanceCluster beforeEachPublication(BiConsumer<ExternalDriver, String> hook) {
        this.publishing = requireNonNull(hook, "hook is null");
        return this;
    }

    @Override
    public void publishing(ExternalDriver driver, String invocation) {
        publishing.accept(driver, invocation);
    }

    /** Every member's catalog of the scenario's databases and its KeeperMap rows ({@link RealAcceptanceCluster#catalogFingerprint}). */
    String catalogFingerprint() {
        return base.catalogFingerprint();
    }

    /** Releases the workers, then lets the internal backend settle the cluster and drop the namespace; deletes the store. */
    @Override
    public void close() {
        try {
            workers.values().forEach(RealExternalWorkerPorts::close);
            workers.clear();
            closeBackend();
            base.close();
        } finally {
            try (Stream<Path> files = Files.walk(storeDirectory)) {
                files.sorted(Comparator.reverseOrder())
                        .forEach(path -> path.toFile().delete());
            } catch (IOException ignored) {
                // a temporary directory left behind changes nothing a scenario proved
            }
        }
    }

    /** What the backend itself releases before the namespace is dropped; nothing by default. */
    void closeBackend() {}
}
