package io.dpone.clickhouse.external.simulated;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.content.ContentDigest;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.testkit.acceptance.AcceptanceFixture;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.ScenarioFailure;
import io.dpone.testkit.acceptance.SimulatedBackend;
import io.dpone.testkit.acceptance.SimulatedBackends;
import io.dpone.testkit.acceptance.StagingFault;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.EngineSpec;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.TableSpec;
import io.dpone.testkit.simulator.WorkerPorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * {@link ExternalAcceptanceCluster} on the deterministic simulator: members with
 * {@code internal_replication = false}, plain {@code MergeTree} tables, the simulator's direct
 * member sessions ({@link ExternalWorkerPorts}) and every fault; no process. The artifact store
 * is a real directory of its own, deleted on {@link #close()}. Faults shared
 * with internal mode are armed by the testkit's {@link SimulatedBackends}.
 */
public final class SimulatedExternalCluster extends SimulatedBackend<ExternalPorts, ExternalDriver>
        implements ExternalAcceptanceCluster {
    /** Rows per simulated insert batch: small, so a load can break off between batches. */
    public static final int BATCH_ROWS = 2;

    public static final List<ColumnSpec> COLUMNS = List.of(ColumnSpec.of("id", "UInt64"), ColumnSpec.of("v", "String"));

    private final Path storeDirectory;
    private final ArtifactStore store;

    /** {@code simulator} must be built with {@code internalReplication(false)}; the store is under {@link #scratchRoot()}. */
    public SimulatedExternalCluster(ClusterSimulator simulator, FacadeSpec facade) {
        super(simulator, facade);
        try {
            this.storeDirectory = Files.createTempDirectory(scratchRoot(), "dpone-sim-artifacts");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.store = ArtifactStore.open(storeDirectory);
    }

    /**
     * Where simulated clusters keep their artifact stores: a RAM-backed {@code /dev/shm} when the
     * machine has a writable one, else the JVM's temporary directory. The store forces every sealed
     * artifact to disk, which on a real disk costs more than the rest of a simulated publication;
     * durability proves nothing in a simulation, and the store behaves the same on either.
     */
    public static Path scratchRoot() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** A fresh simulated cluster of {@code members} members with {@code internal_replication = false}. */
    public static SimulatedExternalCluster of(int members, long seed, FacadeSpec facade) {
        return new SimulatedExternalCluster(
                ClusterSimulator.builder()
                        .members(members)
                        .seed(seed)
                        .internalReplication(false)
                        .build(),
                facade);
    }

    /**
     * Scenarios' sources carry {@code values} in their value column and every attempt is handed to
     * {@code observer}: what the evidence leak scan needs to find a value, or anything else, leaking.
     */
    public SimulatedExternalCluster tapEvidence(IntFunction<String> values, Consumer<Attempt> observer) {
        tap(values, observer);
        return this;
    }

    /** Runs {@code hook} right before each publication an {@link ExternalDriver} runs on this cluster. */
    public SimulatedExternalCluster beforeEachPublication(BiConsumer<ExternalDriver, String> hook) {
        hookPublications(hook);
        return this;
    }

    public ArtifactStore store() {
        return store;
    }

    @Override
    public String fixtureDigest() {
        return SimulatedBackends.fixtureDigest(
                "simulator|external|internal_replication=false|seed=" + simulator.seed() + "|members=" + members());
    }

    @Override
    public TableRef target() {
        return AcceptanceFixture.TARGET;
    }

    @Override
    public void createMergeTreeTable(TableRef table, long rows) {
        TableSpec spec = new TableSpec(COLUMNS, new EngineSpec.MergeTree("MergeTree", "id"));
        for (int member = 0; member < members(); member++) {
            UUID uuid = UUID.nameUUIDFromBytes(
                    (simulator.seed() + "/" + table.render() + "/" + member).getBytes(StandardCharsets.UTF_8));
            simulator.admin().createTable(member, table, spec, uuid);
            if (rows > 0) {
                simulator.admin().insertRows(member, table, rows);
            }
        }
    }

    @Override
    public void arm(StagingFault fault) {
        if (fault instanceof StagingFault.KillDuringLoad kill) {
            // one INSERT per block: the statement that holds row afterRows breaks off after it
            long statement = (kill.afterRows() - 1) / BATCH_ROWS;
            Step.Call insert =
                    Step.call(PortCall.MEMBER_INSERT).member(kill.member()).nth((int) statement + 1);
            simulator.arm(insert, SimulatorFault.interruptLoad(kill.afterRows() - statement * BATCH_ROWS));
            simulator.arm(insert.afterEffect(), SimulatorFault.kill(kill.member()));
        } else if (fault instanceof StagingFault.ChangeRowAfterLoad change) {
            // the first content read of the member after arming is its candidate's proof
            simulator.arm(
                    Step.call(PortCall.MEMBER_CONTENT).member(change.member()).nth(1),
                    SimulatorFault.admin("a row of member" + change.member() + "'s candidate changed", admin -> {
                        for (TableRef table : stagedCandidates(change.member())) {
                            admin.changeRow(change.member(), table, "v", "changed");
                        }
                    }));
        }
    }

    /** The member's tables under an external candidate name that hold typed rows. */
    private List<TableRef> stagedCandidates(int member) {
        return simulator.observe().member(member).tables().keySet().stream()
                .filter(table -> table.table().contains("__dpone_ext_"))
                .filter(table -> !simulator.observe().typedRows(member, table).isEmpty())
                .toList();
    }

    /** Restarts the member (a no-op kill if it runs) and lets virtual time pass until it answers again. */
    @Override
    public void restart(int member) {
        simulator.admin().restart(member);
        simulator.advance(Duration.ofSeconds(3));
    }

    @Override
    public void changeRow(int member, TableRef table) {
        simulator.admin().changeRow(member, table, "v", "changed");
    }

    @Override
    public ExternalPorts ports(String worker) {
        WorkerPorts ports = worker(worker);
        return ExternalWorkerPorts.of(
                ports, facade().control(), store, ExternalWorkerPorts.memberSessions(ports, BATCH_ROWS));
    }

    /** The stored typed rows digested as a direct session's content read digests them. */
    @Override
    public Optional<Digest> content(int member, TableRef table, ArtifactSchema schema) {
        if (uuid(member, table).isEmpty()) {
            return Optional.empty();
        }
        List<Map<String, Object>> rows = simulator.observe().typedRows(member, table);
        if (rows.size() != rows(member, table)) {
            throw new ScenarioFailure("member " + member + " holds rows without typed values: not an artifact's");
        }
        ContentDigest digest = new ContentDigest(schema);
        for (Map<String, Object> row : rows) {
            digest.add(schema.columns().stream()
                    .map(column -> row.get(column.name()))
                    .toList());
        }
        return Optional.of(digest.finish());
    }

    /** Deletes the artifact store's directory. */
    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(storeDirectory)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory left behind changes nothing a scenario proved
        }
    }
}
