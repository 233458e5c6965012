package io.dpone.testkit.simulator.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.TableSpec;
import io.dpone.testkit.simulator.WorkerPorts;
import java.time.Duration;
import java.util.List;

/**
 * A small service-like composition of the simulated ports, to prove they compose end to end: facade
 * bootstrap, candidate creation and load, readiness wait, authority PREPARED -> DISPATCHING (the
 * production {@link KeeperMapAuthority} over the simulated control store), one EXCHANGE under the
 * permit. It is not the publication service; it asserts each step.
 */
public final class SampleDriver {
    public static final String DB = "pub";
    public static final TableRef TARGET = new TableRef(DB, "events");
    public static final TableRef CANDIDATE = new TableRef(DB, "events__cand");
    public static final TableRef CONTROL = new TableRef(DB, "publication_authority");
    public static final String KEEPER_ROOT = "/dpone/authority";

    private final WorkerPorts ports;
    private final String cluster;

    public SampleDriver(WorkerPorts ports, String cluster) {
        this.ports = ports;
        this.cluster = cluster;
    }

    /** The target with {@code rows} rows on every member of a fresh simulator. */
    public static void fixture(ClusterSimulator simulator, long rows) {
        simulator.admin().createDatabase(DB);
        simulator.admin().createTable(TARGET, TableSpec.replicatedEvents());
        simulator.admin().insertRows(TARGET, rows);
    }

    public void bootstrapFacade() {
        SetupDdl.ControlBootstrap bootstrap = new SetupDdl.ControlBootstrap(cluster, CONTROL, KEEPER_ROOT, false);
        var token = SimRecords.setupToken(DdlAction.BOOTSTRAP, ports.randomBits());
        DdlDispatch sent = ports.ddl().dispatchSetup(bootstrap, token);
        assertEquals(DdlDispatch.Sent.class, sent.getClass());
        assertInstanceOf(QueueLookup.Bound.class, ports.ddl().lookup(bootstrap.expected(token)));
    }

    public void stageCandidate(long rows) {
        SetupDdl.CandidateCreate create =
                new SetupDdl.CandidateCreate(cluster, CANDIDATE, new CandidateDefinition.LikeTarget(TARGET));
        var token = SimRecords.setupToken(DdlAction.STAGE, ports.randomBits());
        DdlDispatch sent = ports.ddl().dispatchSetup(create, token);
        assertInstanceOf(DdlDispatch.InitiatorAnswer.Acknowledged.class, ((DdlDispatch.Sent) sent).answer());
        LoadResult loaded = ports.loader()
                .load(
                        CANDIDATE,
                        List.of("id", "v"),
                        new ListCursor(rows),
                        1 << 30,
                        Cancellation.NEVER,
                        ProgressListener.NONE);
        assertEquals(new LoadResult.Loaded(rows, rows * 10), loaded);
    }

    /** Polls candidate health through the sleeper until every replica is caught up with {@code rows} rows. */
    public void awaitReplicas(int members, long rows) throws InterruptedException {
        for (int attempt = 0; attempt < 200; attempt++) {
            CatalogRead<List<ReplicaHealth>> read = ports.catalog().candidateHealth(cluster, CANDIDATE);
            if (read instanceof CatalogRead.Observed<List<ReplicaHealth>> observed
                    && observed.facts().size() == members
                    && observed.facts().stream()
                            .allMatch(h -> h.stagedRowCount() == rows
                                    && h.queueSize() == 0
                                    && h.logPointer() == h.logMaxIndex() + 1
                                    && h.activeReplicas() == members)) {
                return;
            }
            ports.sleeper().sleep(Duration.ofMillis(50));
        }
        throw new AssertionError("replicas never caught up");
    }

    /** PREPARED, then the CAS to DISPATCHING; returns the permit the verified CAS carries. */
    public DispatchPermit acquire(String slot) {
        return acquire(slot, DdlAction.EXCHANGE);
    }

    /** {@link #acquire(String)} for a publication of {@code action} (EXCHANGE or RENAME). */
    public DispatchPermit acquire(String slot, DdlAction action) {
        KeeperMapAuthority<AuthorityRecord> authority = ports.authority(CONTROL);
        AuthorityRecord prepared = action == DdlAction.RENAME
                ? SimRecords.preparedWithoutPredecessor(slot, ports.randomBits())
                : SimRecords.prepared(slot, ports.randomBits());
        assertInstanceOf(SlotWrite.Verified.class, authority.createIfAbsent(prepared));
        SlotRead<AuthorityRecord> read = authority.readVersioned(prepared.targetKey());
        SlotVersion<AuthorityRecord> seen =
                ((SlotRead.Present<AuthorityRecord>) read).valid().orElseThrow();
        SlotWrite<AuthorityRecord> cas =
                authority.compareAndSwap(seen, SimRecords.dispatching(prepared, action, ports.randomBits()));
        SlotWrite.Verified<AuthorityRecord> verified = assertInstanceOf(SlotWrite.Verified.class, cas);
        assertTrue(verified.dispatchPermit().isPresent(), "DISPATCHING carries a permit");
        return verified.dispatchPermit().get();
    }

    public DdlDispatch exchange(DispatchPermit permit) {
        return ports.ddl().dispatch(exchangeStatement(), permit);
    }

    public FencedDdl.Exchange exchangeStatement() {
        return new FencedDdl.Exchange(cluster, TARGET, CANDIDATE);
    }
}
