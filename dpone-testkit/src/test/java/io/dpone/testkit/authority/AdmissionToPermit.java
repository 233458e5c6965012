package io.dpone.testkit.authority;

import io.dpone.clickhouse.cluster.authority.AuthorityQueryIds;
import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.authority.adapter.SqlControlStore;
import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.clickhouse.cluster.catalog.StrictCatalogAdapter;
import io.dpone.clickhouse.cluster.catalog.StrictClusterAdmission;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Issue 5's measured path, from admission to a dispatch permit, through one member as the
 * publication principal with every request counted. {@link Shape#ISSUE_PATH} is the path the issue
 * names, admission + acquire + CAS + post-read: strict admission (inventory and one
 * clusterAllReplicas member read, concurrently), read the slot, create it (strict insert +
 * post-read), CAS PREPARED -> DISPATCHING from the create's verified post-read (the CAS's own
 * post-read is part of it), with the CAS prevalidation the facade check chose. For comparison in
 * the same run: {@link Shape#WITH_REREAD} also reads the slot again before the CAS, as the path
 * measured before 2026-11-29 did, and {@link Shape#SERVER_PREVALIDATION} is the issue path with
 * the server's default mutation prevalidation (what a pre-24.11 member in the cluster means).
 * Not thread-safe; one run at a time.
 */
final class AdmissionToPermit implements AutoCloseable {
    /** What one run did. */
    record Run(int roundTrips, long nanos, DispatchPermit permit, List<Long> stepNanos) {}

    /** The measured variants of the same path. */
    enum Shape {
        ISSUE_PATH(List.of("admission", "read slot", "create + post-read", "CAS + post-read")),
        WITH_REREAD(List.of("admission", "read slot", "create + post-read", "read slot", "CAS + post-read")),
        SERVER_PREVALIDATION(ISSUE_PATH.steps);

        /** Names of {@link Run#stepNanos()}, in order. */
        final List<String> steps;

        Shape(List<String> steps) {
            this.steps = steps;
        }
    }

    private final RunningCluster cluster;
    private final TableRef target;
    private final TableRef candidate;
    private final ReadTransport rawReads;
    private final Object rawMutations;
    private final CountingTransport counting;
    private final StrictClusterAdmission admission;
    private final KeeperMapAuthority<AuthorityRecord> authority;
    private final KeeperMapAuthority<AuthorityRecord> prevalidatingAuthority;
    private final ExecutorService concurrentReads = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "bench-member-read");
        thread.setDaemon(true);
        return thread;
    });

    AdmissionToPermit(Protocol protocol, RunningCluster cluster, TestDatabase database, ControlTable control) {
        this.cluster = cluster;
        this.target = new TableRef(database.target(), "events");
        this.candidate = new TableRef(database.target(), "events__cand");
        ClickHouseEndpoint endpoint = protocol.endpoint(cluster.member(0), cluster.publisher(), database.control());
        this.rawReads = protocol.reads(endpoint);
        var mutations = protocol.mutations(endpoint);
        this.rawMutations = mutations;
        this.counting = new CountingTransport(rawReads, mutations);
        this.admission = new StrictClusterAdmission(
                new StrictCatalogAdapter(counting, () -> "bench-" + UUID.randomUUID(), 5), concurrentReads);
        this.authority = SqlControlStore.authority(
                control.ref, counting, counting, AuthorityQueryIds.random(), control.casPrevalidation());
        this.prevalidatingAuthority = SqlControlStore.authority(
                control.ref, counting, counting, AuthorityQueryIds.random(), MutationPrevalidation.SERVER_DEFAULT);
    }

    /** One full path on a fresh target slot; throws if any step does not succeed. */
    Run run(Shape shape) {
        AuthorityRecord prepared = AuthorityRecords.prepared();
        counting.reset();
        List<Long> marks = new ArrayList<>();
        marks.add(System.nanoTime());
        if (!(admission.admit(cluster.spec().clusterName(), target, candidate) instanceof ClusterAdmission.Admitted)) {
            throw new IllegalStateException("admission blocked");
        }
        marks.add(System.nanoTime());
        SlotRead<AuthorityRecord> slot = authority.readVersioned(prepared.targetKey());
        if (!(slot instanceof SlotRead.Absent<AuthorityRecord>)) {
            throw new IllegalStateException("slot not absent");
        }
        marks.add(System.nanoTime());
        if (!(authority.createIfAbsent(prepared) instanceof SlotWrite.Verified<AuthorityRecord> created)) {
            throw new IllegalStateException("create not verified");
        }
        marks.add(System.nanoTime());
        SlotVersion<AuthorityRecord> seen = created.verified();
        if (shape == Shape.WITH_REREAD) {
            seen = ((SlotRead.Present<AuthorityRecord>) authority.readVersioned(prepared.targetKey()))
                    .valid()
                    .orElseThrow();
            marks.add(System.nanoTime());
        }
        KeeperMapAuthority<AuthorityRecord> casAuthority =
                shape == Shape.SERVER_PREVALIDATION ? prevalidatingAuthority : authority;
        SlotWrite<AuthorityRecord> cas = casAuthority.compareAndSwap(seen, AuthorityRecords.dispatching(prepared));
        marks.add(System.nanoTime());
        DispatchPermit permit =
                ((SlotWrite.Verified<AuthorityRecord>) cas).dispatchPermit().orElseThrow();
        List<Long> steps = new ArrayList<>();
        for (int i = 1; i < marks.size(); i++) {
            steps.add(marks.get(i) - marks.get(i - 1));
        }
        return new Run(counting.roundTrips(), marks.get(marks.size() - 1) - marks.get(0), permit, steps);
    }

    /** One {@code SELECT 1} round trip over the same read transport: the baseline. */
    long selectOneNanos() {
        long start = System.nanoTime();
        ReadOutcome outcome =
                rawReads.read(SqlStatement.read("SELECT 1"), QueryContext.of("bench-" + UUID.randomUUID()));
        long nanos = System.nanoTime() - start;
        outcome.rowsOrThrow();
        return nanos;
    }

    /** One trivial fan-out read, {@code clusterAllReplicas(cluster, system.one)}: the floor of a per-member read. */
    long fanOutNanos() {
        long start = System.nanoTime();
        ReadOutcome outcome = rawReads.read(
                SqlStatement.read("SELECT count() FROM clusterAllReplicas("
                        + io.dpone.clickhouse.cluster.sql.SqlQuoting.string(
                                cluster.spec().clusterName()) + ", system.one)"),
                QueryContext.of("bench-" + UUID.randomUUID())
                        .with(io.dpone.clickhouse.cluster.port.ServerSetting.SKIP_UNAVAILABLE_SHARDS, "0"));
        long nanos = System.nanoTime() - start;
        outcome.rowsOrThrow();
        return nanos;
    }

    @Override
    public void close() {
        concurrentReads.shutdownNow();
        Protocol.close(rawReads);
        Protocol.close(rawMutations);
    }
}
