package io.dpone.testkit.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.authority.adapter.SqlControlStore;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.fault.FaultInjectingTransport;
import io.dpone.testkit.fault.FaultPlan;
import io.dpone.testkit.fault.TransportFault;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Spec section 3 step 8 and the Docker scenario "discard an actually committed CAS response": the
 * client fault wrapper lets the real server commit the write and then discards the answer. The
 * adapter reports CAS_OUTCOME_UNKNOWN without a permit, the mutation transport saw exactly one
 * send for that query id, no post-read was attempted, and an independent read (other member)
 * observes the new record anyway. The same holds for create_if_absent.
 */
@ClickHouseCluster(members = 2)
class RealAuthorityFaultTest {

    /** The real transports of member 0 behind a wrapper that loses every answer of {@code kind}. */
    private record Losing(FaultInjectingTransport wrapper, Object mutations, Object reads) implements AutoCloseable {
        static Losing of(ControlTable table, Protocol protocol, StatementKind kind) {
            ClickHouseEndpoint endpoint =
                    protocol.endpoint(table.cluster.member(0), table.cluster.publisher(), table.database.control());
            var mutations = protocol.mutations(endpoint);
            var reads = protocol.reads(endpoint);
            return new Losing(
                    new FaultInjectingTransport(
                            mutations,
                            reads,
                            FaultPlan.builder(5)
                                    .always(kind, TransportFault.LOSE_RESPONSE_AFTER_EXECUTE)
                                    .build(),
                            duration -> {}),
                    mutations,
                    reads);
        }

        @Override
        public void close() {
            Protocol.close(mutations);
            Protocol.close(reads);
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void lostCasResponseIsUnknownWithOneSendAndNoPermitThoughTheRecordIsVisible(
            Protocol protocol, RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        AuthorityRecord prepared = AuthorityRecords.prepared();
        RecordingQueryIds ids = new RecordingQueryIds();
        try (Losing losing = Losing.of(table, protocol, StatementKind.KEEPER_MAP_CAS);
                ControlTable.Adapter observer = table.publisherAdapter(protocol, 1)) {
            FaultInjectingTransport wrapper = losing.wrapper();
            KeeperMapAuthority<AuthorityRecord> faulty =
                    SqlControlStore.authority(table.ref, wrapper, wrapper, ids, table.casPrevalidation());
            assertInstanceOf(SlotWrite.Verified.class, faulty.createIfAbsent(prepared));
            SlotVersion<AuthorityRecord> seen = RealAuthorityRaceTest.valid(faulty.readVersioned(prepared.targetKey()));
            AuthorityRecord dispatching = AuthorityRecords.dispatching(prepared);
            List<String> postReadsBefore = ids.idsFor("post-read");

            SlotWrite<AuthorityRecord> result = faulty.compareAndSwap(seen, dispatching);

            SlotWrite.Unknown<AuthorityRecord> unknown = assertInstanceOf(SlotWrite.Unknown.class, result);
            assertEquals(SlotWrite.UnknownReason.RESPONSE_LOST, unknown.reason());
            assertEquals(
                    "CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN",
                    unknown.code().name());
            String casId = ids.idsFor("cas").get(0);
            assertEquals(1, ids.idsFor("cas").size());
            assertEquals(1, wrapper.counter().invocations(casId));
            assertEquals(1, wrapper.counter().sends(casId), "exactly one mutation send");
            assertEquals(
                    List.of(new MutationOutcome.Acknowledged(casId)),
                    wrapper.hiddenOutcomes(),
                    "the server committed the CAS whose answer was discarded");
            assertEquals(postReadsBefore, ids.idsFor("post-read"), "no post-read can turn a lost answer into a permit");
            SlotVersion<AuthorityRecord> observed =
                    RealAuthorityRaceTest.valid(observer.authority.readVersioned(prepared.targetKey()));
            assertEquals(dispatching, observed.record(), "an independent read observes the new record");
            assertEquals(1, observed.keeperVersion());
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void lostCreateResponseIsUnknownWithOneSendThoughTheRowExists(
            Protocol protocol, RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        AuthorityRecord prepared = AuthorityRecords.prepared();
        RecordingQueryIds ids = new RecordingQueryIds();
        try (Losing losing = Losing.of(table, protocol, StatementKind.KEEPER_MAP_INSERT);
                ControlTable.Adapter observer = table.publisherAdapter(protocol, 1)) {
            FaultInjectingTransport wrapper = losing.wrapper();
            KeeperMapAuthority<AuthorityRecord> faulty =
                    SqlControlStore.authority(table.ref, wrapper, wrapper, ids, table.casPrevalidation());
            assertEquals(
                    new SlotWrite.Unknown<>(SlotWrite.UnknownReason.RESPONSE_LOST), faulty.createIfAbsent(prepared));
            String createId = ids.idsFor("create").get(0);
            assertEquals(1, wrapper.counter().sends(createId));
            assertEquals(1, wrapper.counter().totalSends(), "one send in total: no post-read, no second insert");
            SlotVersion<AuthorityRecord> observed =
                    RealAuthorityRaceTest.valid(observer.authority.readVersioned(prepared.targetKey()));
            assertEquals(prepared, observed.record());
            assertEquals(0, observed.keeperVersion());
            assertEquals(
                    new SlotWrite.Conflict<>(SlotWrite.ConflictReason.KEY_EXISTS),
                    observer.authority.createIfAbsent(prepared),
                    "a later invocation cannot re-create it: it must read, validate and CAS");
        }
    }
}
