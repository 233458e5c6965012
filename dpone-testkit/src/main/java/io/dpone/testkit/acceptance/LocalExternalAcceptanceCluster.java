package io.dpone.testkit.acceptance;

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
import io.dpone.testkit.clickhouse.local.ChdbInstallation;
import io.dpone.testkit.clickhouse.local.LocalProcessCluster;
import io.dpone.testkit.cluster.MemberQueryException;
import io.dpone.testkit.emulation.EmulatedClusterDdl;
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
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * {@link ExternalAcceptanceCluster} on the local real harness: libchdb (ClickHouse 26.7) members
 * with {@code internal_replication = false} and an in-JVM ZooKeeper. Everything is real — the
 * catalog, the KeeperMap authority and its races, the native member sessions, a killed member, a
 * row changed by a real mutation — except the distributed-DDL fan-out, which these members cannot
 * run: it is the testkit's {@link EmulatedClusterDdl} (every host finished before the dispatch
 * returns; named as an emulation in the receipt's fixture digest and the docs). So it runs the
 * scenarios whose outcome does not depend on a real queue ({@link ExternalScenarios#withoutRealQueue()});
 * the distributed-DDL faults and DDL stalls throw {@link UnsupportedOperationException} naming why.
 */
public final class LocalExternalAcceptanceCluster implements ExternalAcceptanceCluster {
    private static final long WORKER_MINUTES = 5;

    private final LocalAcceptanceCluster base;
    private final LocalProcessCluster local;
    private final EmulatedClusterDdl emulated;
    private final CountingDdlPort ddl;
    private final Path storeDirectory;
    private final ArtifactStore store;
    private final List<StagingFault> stagingFaults = new ArrayList<>();
    private final ContainerMemberSessions sessions;
    private final Map<String, RealExternalWorkerPorts> workers = new ConcurrentHashMap<>();

    public LocalExternalAcceptanceCluster(LocalProcessCluster local) {
        if (local.spec().internalReplication()) {
            throw new IllegalArgumentException("external mode needs members with internal_replication = false");
        }
        this.base = new LocalAcceptanceCluster(local);
        this.local = local;
        this.emulated = EmulatedClusterDdl.forHarness(local, local.publisher(), base.database.target());
        this.ddl = new CountingDdlPort(emulated, base.counter());
        try {
            this.storeDirectory = Files.createTempDirectory("dpone-local-artifacts");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.store = ArtifactStore.open(storeDirectory);
        this.sessions = new ContainerMemberSessions(local, base.database.target(), admittedEndpoints(), base.counter(),
                stagingFaults, this);
        warmKeeperSessions();
    }

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

    /**
     * Readiness, not a retry of anything under test: a member's first KeeperMap write after it
     * started may fail with 999 "Session was killed" while the embedded server opens its session.
     * Throwaway writes into a throwaway KeeperMap table of this scenario's control database.
     */
    private void warmKeeperSessions() {
        String warm = SqlQuoting.qualified(base.database.control(), "warmup");
        for (int member = 0; member < members(); member++) {
            base.sql.admin(member).execute("CREATE TABLE IF NOT EXISTS " + warm + " (k String, v UInt8) ENGINE = KeeperMap("
                    + SqlQuoting.string(base.database.keeperMapPath("warmup")) + ") PRIMARY KEY k");
            for (int attempt = 0; ; attempt++) {
                try {
                    base.sql.admin(member).execute("INSERT INTO " + warm + " VALUES ('m" + member + "-" + UUID.randomUUID()
                            + "', 1)", Map.of("keeper_map_strict_mode", "1", "insert_keeper_max_retries", "0"));
                    break;
                } catch (MemberQueryException notReady) {
                    if (attempt > 20) {
                        throw notReady;
                    }
                    DdlStall.sleep();
                }
            }
        }
    }

    @Override
    public String backend() {
        return "local";
    }

    @Override
    public String serverVersion() {
        return base.serverVersion();
    }

    @Override
    public String fixtureDigest() {
        return FixtureDigest.of(List.of("local", "libchdb " + ChdbInstallation.VERSION, ServerKind.EMBEDDED.name(),
                "members=" + members(), "internal_replication=false", "external", "ddl_fan_out=EmulatedClusterDdl"));
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
        throw unsupported("distributed-DDL faults (lost answers after enqueue, host errors) need a real queue");
    }

    @Override
    public void arm(StagingFault fault) {
        synchronized (stagingFaults) {
            stagingFaults.add(fault);
        }
    }

    @Override
    public void stallDdl(int member) {
        throw unsupported("the emulated fan-out finishes every host before the dispatch returns: no DDL worker to hold up");
    }

    @Override
    public void releaseDdl(int member) {
        throw unsupported("the emulated fan-out finishes every host before the dispatch returns: no DDL worker to hold up");
    }

    @Override
    public void restart(int member) {
        local.member(member).restart();
    }

    @Override
    public void changeRow(int member, TableRef table) {
        base.sql.admin(member).execute("ALTER TABLE " + table.render() + " UPDATE v = 'changed' WHERE id = 0"
                + " SETTINGS mutations_sync = 2");
    }

    @Override
    public ExternalPorts ports(String worker) {
        return workers.computeIfAbsent(worker, name -> new RealExternalWorkerPorts(local.member(0).endpoint(),
                local.publisher(), facade(), base.counter(), SendHook.NONE, sessions, store, ddl)).ports();
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

    @Override
    public void close() {
        try {
            workers.values().forEach(RealExternalWorkerPorts::close);
            workers.clear();
            emulated.close();
            base.close();
        } finally {
            try (Stream<Path> files = Files.walk(storeDirectory)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException ignored) {
                // a temporary directory left behind changes nothing a scenario proved
            }
        }
    }

    private static UnsupportedOperationException unsupported(String why) {
        return new UnsupportedOperationException("the local real harness (libchdb 26.7) has no distributed-DDL queue;"
                + " its ON CLUSTER fan-out is emulated: " + why);
    }
}
