package io.dpone.testkit.modes.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.service.PublicationPorts;
import io.dpone.clickhouse.internal.simulated.AcceptanceCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Drift;
import io.dpone.testkit.acceptance.WorkerResult;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.fault.CallCounter;
import io.dpone.testkit.fault.SendHook;
import io.dpone.testkit.simulator.WorkerCrash;
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

/**
 * What both real backends share: one scenario's namespace on a running cluster (a fresh
 * {@link TestDatabase}: target and control databases on every member, a Keeper root of its own,
 * publication grants where the backend needs them), workers composed like production
 * ({@link RealWorkerPorts}) with one shared {@link CallCounter}, the harness's admin SQL
 * ({@link ClusterSql}), workers raced on real threads, and the host's own publication path
 * ({@link HostPublication}). {@link #close()} restores the cluster and drops the namespace, so the
 * next scenario on the same running cluster sees none of this one's state.
 */
abstract class RealAcceptanceCluster implements AcceptanceCluster {
    /** Bounds one raced worker; a real publication of a few rows ends within minutes even under faults. */
    static final long WORKER_MINUTES = 15;

    final RunningCluster running;
    final TestDatabase database;
    final ClusterSql sql;
    private final CallCounter counter = new CallCounter();
    private final Map<String, RealWorkerPorts> workers = new ConcurrentHashMap<>();
    private volatile String serverVersion;

    RealAcceptanceCluster(RunningCluster running) {
        this.running = requireNonNull(running, "running is null");
        this.sql = new ClusterSql(running);
        this.database = running.createTestDatabase();
    }

    /** Every worker's sends, counted: what {@link #sent} and {@link #maxSendsPerMutation} read. */
    CallCounter counter() {
        return counter;
    }

    /** The hook of worker {@code worker}'s fault-injecting transport: where this backend's armed faults act. */
    abstract SendHook hook(String worker);

    /** Undoes what a scenario left behind on the running cluster (faults, queue work) before its namespace is dropped. */
    abstract void settle();

    @Override
    public String serverVersion() {
        if (serverVersion == null) {
            serverVersion = sql.serverVersion();
        }
        return serverVersion;
    }

    @Override
    public String clusterName() {
        return running.spec().clusterName();
    }

    @Override
    public int members() {
        return running.members().size();
    }

    @Override
    public TableRef target() {
        return new TableRef(database.target(), "events");
    }

    @Override
    public FacadeSpec facade() {
        return new FacadeSpec(
                new TableRef(database.control(), "publication_authority"),
                database.keeperMapPath("publication_authority"));
    }

    @Override
    public void createDatabases(String... databases) {
        sql.createDatabases(databases);
    }

    @Override
    public void createFacadeOn(int member, FacadeSpec spec) {
        sql.createFacadeOn(member, clusterName(), spec);
    }

    @Override
    public void drift(int member, TableRef table, Drift drift) {
        sql.drift(member, table, drift);
    }

    /** The runbook's manual repair step: a local EXCHANGE on one member, as admin. */
    @Override
    public void exchangeLocally(int member, TableRef first, TableRef second) {
        sql.admin(member).execute("EXCHANGE TABLES " + first.render() + " AND " + second.render());
    }

    @Override
    public PublicationPorts ports(String worker) {
        return workers.computeIfAbsent(
                        worker,
                        name -> new RealWorkerPorts(
                                running.member(0).endpoint(), running.publisher(), facade(), counter, hook(name)))
                .ports();
    }

    /** Production's source of tokens and fences: a real cluster's runs are not replayed from a seed. */
    @Override
    public RandomBits random(String worker) {
        return RandomBits.secure();
    }

    @Override
    public <T> Map<String, WorkerResult<T>> race(Map<String, Function<PublicationPorts, T>> bodies) {
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
            Throwable cause = failed.getCause();
            return cause instanceof WorkerCrash ? new WorkerResult.Crashed<>() : new WorkerResult.Threw<>(cause);
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
        return sql.uuid(member, table);
    }

    @Override
    public long rows(int member, TableRef table) {
        return sql.rows(member, table);
    }

    @Override
    public java.util.Set<String> tableNames(int member, String database) {
        return sql.tableNames(member, database);
    }

    @Override
    public long sent(StatementKind kind) {
        return counter.sends(kind);
    }

    @Override
    public long maxSendsPerMutation() {
        return counter.maxSendsPerMutation();
    }

    /** Includes the production facade's fixed database, which {@link #publishThroughHost} would bootstrap. */
    @Override
    public String catalogFingerprint() {
        return sql.fingerprint(List.of(
                database.target(),
                database.control(),
                PublicationDriver.FACADE.control().database()));
    }

    @Override
    public Attempt publishThroughHost(String invocation, int rows) {
        return HostPublication.publish(
                clusterName(),
                target(),
                running.member(0).endpoint(),
                running.publisher(),
                invocation,
                PublicationDriver.source(rows, false));
    }

    /** {@code dpone plan --live} through the production composition root, as {@link #publishThroughHost} publishes. */
    public LivePlan previewThroughHost(String invocation) {
        return HostPublication.preview(
                clusterName(), target(), running.member(0).endpoint(), running.publisher(), invocation);
    }

    @Override
    public void close() {
        try {
            workers.values().forEach(RealWorkerPorts::close);
            workers.clear();
            settle();
        } finally {
            running.dropTestDatabase(database);
        }
    }
}
