package io.dpone.testkit.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.testkit.simulator.sample.ListCursor;
import io.dpone.testkit.simulator.sample.SampleDriver;
import io.dpone.testkit.simulator.sample.SimRecords;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Member, drift, load and authority faults (simulator evidence): replication stalls while a replica
 * is paused and converges after; a paused member fails strict reads at max_execution_time; drift of
 * UUID, engine, schema, Keeper path and membership shows in the catalog facts; a load stops at
 * max_source_bytes or on cancellation; a lost CAS response is unknown though applied; a CAS not sent
 * changes nothing.
 */
class WorldFaultsTest {
    private static ClusterSimulator fixture(long seed) {
        ClusterSimulator simulator =
                ClusterSimulator.builder().members(3).seed(seed).build();
        SampleDriver.fixture(simulator, 10);
        return simulator;
    }

    private static List<MemberFacts> facts(ClusterSimulator simulator) {
        CatalogRead<List<MemberFacts>> read = simulator
                .worker("w1")
                .catalog()
                .members(simulator.clusterName(), SampleDriver.TARGET, SampleDriver.CANDIDATE);
        return ((CatalogRead.Observed<List<MemberFacts>>) read).facts();
    }

    private static GenerationIdentity target(MemberFacts facts) {
        return ((TableObservation.Present) facts.target()).identity();
    }

    @Test
    void replicationStallsOnAPausedReplicaAndConvergesAfterResume() {
        ClusterSimulator simulator = fixture(1);
        simulator.admin().pause(2).insertRows(0, SampleDriver.TARGET, 50);
        simulator.advance(Duration.ofSeconds(5));
        assertEquals(
                60,
                simulator.observe().table(1, SampleDriver.TARGET).orElseThrow().rows());
        assertEquals(
                10,
                simulator.observe().table(2, SampleDriver.TARGET).orElseThrow().rows(),
                "the paused replica stalls");
        ReplicaHealth stalled =
                simulator.observe().replicaHealth(0, SampleDriver.TARGET).orElseThrow();
        assertEquals(3, stalled.activeReplicas(), "its session has not expired yet");

        simulator.admin().resume(2);

        assertTrue(simulator.advanceUntil(
                () -> simulator
                                .observe()
                                .table(2, SampleDriver.TARGET)
                                .orElseThrow()
                                .rows()
                        == 60,
                Duration.ofSeconds(5)));
        ReplicaHealth caughtUp =
                simulator.observe().replicaHealth(2, SampleDriver.TARGET).orElseThrow();
        assertEquals(caughtUp.logMaxIndex() + 1, caughtUp.logPointer());
        assertEquals(0, caughtUp.queueSize());
    }

    @Test
    void aReplicaDownLongerThanTheSessionTimeoutIsInactiveAndReadOnlyUntilReinitialised() {
        ClusterSimulator simulator = fixture(2);
        simulator.admin().pause(2);
        simulator.advance(Duration.ofSeconds(11));
        assertEquals(
                2,
                simulator
                        .observe()
                        .replicaHealth(0, SampleDriver.TARGET)
                        .orElseThrow()
                        .activeReplicas());
        simulator.admin().resume(2);
        ReplicaHealth reinitialising =
                simulator.observe().replicaHealth(2, SampleDriver.TARGET).orElseThrow();
        assertTrue(reinitialising.readonly() && reinitialising.sessionExpired());
        assertEquals(0, reinitialising.totalReplicas(), "Keeper columns read 0 with an expired session");
        simulator.advance(Duration.ofSeconds(1));
        assertFalse(simulator
                .observe()
                .replicaHealth(2, SampleDriver.TARGET)
                .orElseThrow()
                .readonly());
    }

    @Test
    void aPausedMemberFailsTheStrictReadAtMaxExecutionTime() {
        ClusterSimulator simulator = fixture(3);
        simulator.admin().pause(1);
        CatalogRead<List<MemberFacts>> read = simulator
                .worker("w1")
                .catalog()
                .members(simulator.clusterName(), SampleDriver.TARGET, SampleDriver.CANDIDATE);
        CatalogRead.Unreadable<List<MemberFacts>> unreadable = assertInstanceOf(CatalogRead.Unreadable.class, read);
        assertEquals(
                159,
                unreadable.failure().orElseThrow().serverError().orElseThrow().code());
        assertTrue(simulator.observe().now() >= 30_000);
    }

    @Test
    void driftOfUuidEngineSchemaAndKeeperPathShowsOnThatMemberOnly() {
        ClusterSimulator simulator = fixture(4);
        GenerationIdentity before = target(facts(simulator).get(0));

        simulator.admin().driftUuid(1, SampleDriver.TARGET);
        simulator.admin().driftEngineFull(2, SampleDriver.TARGET, "ReplicatedMergeTree ORDER BY tuple()");
        simulator.admin().driftColumns(0, SampleDriver.TARGET, List.of(ColumnSpec.of("id", "UInt32")));

        List<MemberFacts> after = facts(simulator);
        assertNotEquals(before.tableUuid(), target(after.get(1)).tableUuid());
        assertTrue(
                target(after.get(1))
                        .zookeeperPath()
                        .contains(target(after.get(1)).tableUuid().toString()),
                "the path follows the UUID");
        assertEquals(
                "ReplicatedMergeTree ORDER BY tuple()", target(after.get(2)).normalizedEngineFull());
        assertNotEquals(before.schemaDigest(), target(after.get(0)).schemaDigest());

        simulator.admin().driftKeeperPath(2, SampleDriver.TARGET, "/elsewhere");
        assertEquals("/elsewhere", target(facts(simulator).get(2)).zookeeperPath());
    }

    @Test
    void membershipDriftChangesTheInventoryAndTheMembersThatAnswer() {
        ClusterSimulator simulator = fixture(5);
        simulator.admin().removeFromCluster(2);
        assertEquals(2, facts(simulator).size());
        int added = simulator.admin().addMember("clickhouse-09", 9000);
        List<MemberFacts> facts = facts(simulator);
        assertEquals(3, facts.size());
        assertEquals(List.of(), facts.get(2).databaseEngines(), "the new member has no databases");
        assertEquals(3, facts.get(2).replicaNumber());
        assertEquals(added, simulator.observe().members().size() - 1);
    }

    @Test
    void aLoadStopsAtMaxSourceBytesAndOnCancellation() {
        ClusterSimulator simulator = fixture(6);
        simulator.admin().createTable(SampleDriver.CANDIDATE, TableSpec.replicatedEvents());
        WorkerPorts ports = simulator.worker("w1");

        LoadResult tooLarge = ports.loader()
                .load(
                        SampleDriver.CANDIDATE,
                        List.of("id", "v"),
                        new ListCursor(100),
                        55,
                        () -> false,
                        ProgressListener.NONE);
        LoadResult cancelled = ports.loader()
                .load(
                        SampleDriver.CANDIDATE,
                        List.of("id", "v"),
                        new ListCursor(100),
                        1 << 20,
                        () -> true,
                        ProgressListener.NONE);

        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE, ((LoadResult.SourceRejected) tooLarge).code());
        assertEquals(5, ((LoadResult.SourceRejected) tooLarge).rowsRead());
        assertEquals(DponeErrorCode.PUBLICATION_CANCELLED, ((LoadResult.SourceRejected) cancelled).code());
        assertEquals(
                0,
                simulator
                        .observe()
                        .table(0, SampleDriver.CANDIDATE)
                        .orElseThrow()
                        .rows(),
                "no block was committed");
    }

    @Test
    void aLoadIntoAMissingTableIsRefusedWith60() {
        ClusterSimulator simulator = fixture(7);
        LoadResult result = simulator
                .worker("w1")
                .loader()
                .load(
                        SampleDriver.CANDIDATE,
                        List.of("id", "v"),
                        new ListCursor(3),
                        1 << 20,
                        () -> false,
                        ProgressListener.NONE);
        MutationOutcome.Rejected rejected =
                assertInstanceOf(MutationOutcome.Rejected.class, ((LoadResult.Failed) result).outcome());
        assertEquals(60, rejected.error().code());
    }

    @Test
    void aLostCasResponseIsUnknownThoughTheStoreChanged() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .seed(8)
                .faults(FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_CAS), SimulatorFault.loseResponse())
                        .build())
                .build();
        simulator
                .admin()
                .createDatabase(SampleDriver.DB)
                .createControlTable(SampleDriver.CONTROL, SampleDriver.KEEPER_ROOT);
        WorkerPorts ports = simulator.worker("w1");
        KeeperMapAuthority<AuthorityRecord> authority = ports.authority(SampleDriver.CONTROL);
        AuthorityRecord prepared = SimRecords.prepared("lost", ports.randomBits());
        SlotWrite.Verified<AuthorityRecord> created =
                assertInstanceOf(SlotWrite.Verified.class, authority.createIfAbsent(prepared));

        SlotWrite<AuthorityRecord> cas = authority.compareAndSwap(
                created.verified(),
                SimRecords.dispatching(
                        prepared, io.dpone.clickhouse.cluster.contract.ddl.DdlAction.EXCHANGE, ports.randomBits()));

        assertInstanceOf(SlotWrite.Unknown.class, cas);
        assertEquals(
                1,
                simulator
                        .observe()
                        .keeperMap(SampleDriver.KEEPER_ROOT)
                        .get(prepared.targetKey().hex())
                        .keeperVersion(),
                "the server applied the write whose answer was lost");
    }

    @Test
    void aCasNotSentChangesNothing() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .seed(9)
                .faults(FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_CAS), SimulatorFault.failBeforeSend())
                        .build())
                .build();
        simulator
                .admin()
                .createDatabase(SampleDriver.DB)
                .createControlTable(SampleDriver.CONTROL, SampleDriver.KEEPER_ROOT);
        WorkerPorts ports = simulator.worker("w1");
        KeeperMapAuthority<AuthorityRecord> authority = ports.authority(SampleDriver.CONTROL);
        AuthorityRecord prepared = SimRecords.prepared("not-sent", ports.randomBits());
        SlotWrite.Verified<AuthorityRecord> created =
                assertInstanceOf(SlotWrite.Verified.class, authority.createIfAbsent(prepared));

        SlotWrite<AuthorityRecord> cas = authority.compareAndSwap(
                created.verified(),
                SimRecords.dispatching(
                        prepared, io.dpone.clickhouse.cluster.contract.ddl.DdlAction.EXCHANGE, ports.randomBits()));

        assertEquals(new SlotWrite.Conflict<>(SlotWrite.ConflictReason.NOT_SENT), cas);
        assertEquals(
                0,
                simulator
                        .observe()
                        .keeperMap(SampleDriver.KEEPER_ROOT)
                        .get(prepared.targetKey().hex())
                        .keeperVersion());
    }
}
