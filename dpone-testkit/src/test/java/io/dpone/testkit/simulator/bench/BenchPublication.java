package io.dpone.testkit.simulator.bench;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.RowCursor;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.FaultSchedule;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.TableSpec;
import io.dpone.testkit.simulator.WorkerPorts;
import io.dpone.testkit.simulator.WorkerTask;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A publication-shaped schedule for the cost benchmark: two racing workers, each admission reads,
 * facade read, preflight, staging discard and candidate creation with their queue checks, a load,
 * a readiness wait, the authority create/read/CAS and, for the permit holder, the exchange with its
 * queue checks; one fault chosen by the seed. About 50 port calls. Not a test.
 */
public final class BenchPublication {
    static final String DB = "pub";
    static final TableRef TARGET = new TableRef(DB, "events");
    static final TableRef CONTROL = new TableRef(DB, "publication_authority");
    static final String ROOT = "/dpone/authority";

    private BenchPublication() {}

    /** Builds, runs and returns the finished simulator of one two-worker schedule. */
    public static ClusterSimulator run(long seed) {
        ClusterSimulator simulator = fixture(seed, fault(seed));
        WorkerTask<Boolean> publish = ports -> publish(simulator.clusterName(), ports);
        simulator.run(Map.of("w1", publish, "w2", publish));
        return simulator;
    }

    /** One worker on the calling thread, no faults: no coroutine hand-off at all. */
    public static ClusterSimulator runAlone(long seed) {
        ClusterSimulator simulator = fixture(seed, FaultSchedule.none());
        try {
            publish(simulator.clusterName(), simulator.worker("w1"));
        } catch (InterruptedException impossible) {
            throw new IllegalStateException(impossible);
        }
        return simulator;
    }

    private static ClusterSimulator fixture(long seed, FaultSchedule faults) {
        ClusterSimulator simulator =
                ClusterSimulator.builder().members(2).seed(seed).faults(faults).build();
        simulator.admin().createDatabase(DB).createControlTable(CONTROL, ROOT);
        simulator.admin().createTable(TARGET, TableSpec.replicatedEvents());
        simulator.admin().insertRows(TARGET, 1000);
        return simulator;
    }

    private static FaultSchedule fault(long seed) {
        FaultSchedule.Builder builder = FaultSchedule.builder();
        return switch ((int) Math.floorMod(seed, 5)) {
            case 0 ->
                builder.at(Step.call(PortCall.DDL_DISPATCH), SimulatorFault.loseResponse())
                        .build();
            case 1 ->
                builder.at(
                                Step.anyCall().worker("w2").nth((int) Math.floorMod(seed, 20) + 1),
                                SimulatorFault.crashWorker())
                        .build();
            case 2 ->
                builder.at(Step.call(PortCall.CONTROL_CAS), SimulatorFault.failBeforeSend())
                        .build();
            case 3 ->
                builder.at(Step.call(PortCall.LOAD), SimulatorFault.pause(1))
                        .at(Step.at(Duration.ofSeconds(2)), SimulatorFault.resume(1))
                        .build();
            default -> builder.build();
        };
    }

    private static boolean publish(String cluster, WorkerPorts ports) throws InterruptedException {
        TableRef candidate = new TableRef(DB, "events__" + ports.name());
        ports.catalog().inventory(cluster);
        ports.catalog().members(cluster, TARGET, candidate);
        ports.facade().observe(cluster, new FacadeSpec(CONTROL, ROOT), digest("slot"));
        ports.ddl().preflight();
        setup(ports, new SetupDdl.StagingDiscard(cluster, candidate), DdlAction.DISCARD);
        setup(
                ports,
                new SetupDdl.CandidateCreate(cluster, candidate, new CandidateDefinition.LikeTarget(TARGET)),
                DdlAction.STAGE);
        ports.loader()
                .load(
                        candidate,
                        List.of("id", "v"),
                        new Rows(1000),
                        1 << 30,
                        Cancellation.NEVER,
                        ProgressListener.NONE);
        for (int attempt = 0;
                attempt < 20 && !caughtUp(ports.catalog().candidateHealth(cluster, candidate));
                attempt++) {
            ports.sleeper().sleep(Duration.ofMillis(50));
        }
        ports.catalog().members(cluster, TARGET, candidate);
        KeeperMapAuthority<AuthorityRecord> authority = ports.authority(CONTROL);
        AuthorityRecord prepared = new AuthorityRecord(
                digest("slot"),
                digest("op-" + ports.name()),
                FenceToken.issue(ports.randomBits()),
                AuthorityPhase.PREPARED,
                0,
                payload(null));
        authority.createIfAbsent(prepared);
        if (!(authority.readVersioned(prepared.targetKey()) instanceof SlotRead.Present<AuthorityRecord> present)
                || present.valid().isEmpty()
                || !present.valid().get().record().fenceToken().equals(prepared.fenceToken())) {
            return false;
        }
        SlotVersion<AuthorityRecord> seen = present.valid().get();
        DdlCorrelationToken token =
                DdlCorrelationToken.issue(prepared.operationId(), DdlAction.EXCHANGE, 1, ports.randomBits());
        SlotWrite<AuthorityRecord> cas = authority.compareAndSwap(
                seen,
                new AuthorityRecord(
                        prepared.targetKey(),
                        prepared.operationId(),
                        prepared.fenceToken(),
                        AuthorityPhase.DISPATCHING,
                        1,
                        payload(DdlBinding.dispatched(token))));
        if (!(cas instanceof SlotWrite.Verified<AuthorityRecord> verified)
                || verified.dispatchPermit().isEmpty()) {
            return false;
        }
        FencedDdl.Exchange exchange = new FencedDdl.Exchange(cluster, TARGET, candidate);
        ports.ddl().dispatch(exchange, verified.dispatchPermit().get());
        if (ports.ddl().lookup(exchange.expected(token)) instanceof QueueLookup.Bound bound) {
            ports.ddl().hostRows(bound.entry());
        }
        ports.catalog().members(cluster, TARGET, candidate);
        return true;
    }

    private static void setup(WorkerPorts ports, SetupDdl ddl, DdlAction action) {
        DdlCorrelationToken token =
                DdlCorrelationToken.issue(digest("op-" + ports.name()), action, 0, ports.randomBits());
        ports.ddl().dispatchSetup(ddl, token);
        if (ports.ddl().lookup(ddl.expected(token)) instanceof QueueLookup.Bound bound) {
            ports.ddl().hostRows(bound.entry());
        }
    }

    private static boolean caughtUp(CatalogRead<List<ReplicaHealth>> read) {
        return read instanceof CatalogRead.Observed<List<ReplicaHealth>> observed
                && observed.facts().size() == 2
                && observed.facts().stream().allMatch(h -> h.queueSize() == 0 && h.logPointer() == h.logMaxIndex() + 1);
    }

    private static Digest digest(String text) {
        return CanonicalEncoder.forDomain("bench").text(text).sha256();
    }

    private static AuthorityPayload payload(DdlBinding publication) {
        Instant t0 = ClusterSimulator.EPOCH;
        GenerationIdentity old = new GenerationIdentity(new UUID(0, 1), "e", "s", "default", "/a");
        GenerationIdentity desired = new GenerationIdentity(new UUID(0, 2), "e", "s", "default", "/b");
        return new AuthorityPayload(
                digest("plan"),
                digest("inventory"),
                old,
                desired,
                "events__cand",
                1000,
                publication,
                null,
                t0,
                t0,
                null);
    }

    /** {@code count} rows of (id, v). */
    private static final class Rows implements RowCursor {
        private final long count;
        private long read;

        Rows(long count) {
            this.count = count;
        }

        @Override
        public List<String> next() {
            return read < count ? List.of(Long.toString(read++), "x") : null;
        }

        @Override
        public long bytesRead() {
            return read * 8;
        }

        @Override
        public void close() {}
    }
}
