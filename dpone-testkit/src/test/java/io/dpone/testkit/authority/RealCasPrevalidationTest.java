package io.dpone.testkit.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.FacadeVerdict;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.authority.adapter.SqlControlStore;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link MutationPrevalidation} on real members: the facade check sees that every member knows
 * {@code validate_mutation_query}, the CAS then carries 0 (proven from system.query_log) and still
 * yields its one permit, and without the prevalidation an invalid KeeperMap mutation is still
 * refused by the mutation itself, with nothing written.
 */
@ClickHouseCluster(members = 2)
class RealCasPrevalidationTest {

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void theFacadeCheckChoosesToSkipAndTheCasCarriesIt(
            Protocol protocol, RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        assertEquals(
                new FacadeVerdict.Ready(MutationPrevalidation.SKIPPED),
                table.verifyFacade(protocol),
                "every harness member (26.x) knows the setting");
        ClickHouseEndpoint endpoint = protocol.endpoint(cluster.member(0), cluster.publisher(), database.control());
        OneShotMutationTransport mutations = protocol.mutations(endpoint);
        ReadTransport reads = protocol.reads(endpoint);
        try {
            RecordingQueryIds ids = new RecordingQueryIds();
            KeeperMapAuthority<AuthorityRecord> authority =
                    SqlControlStore.authority(table.ref, mutations, reads, ids, table.casPrevalidation());
            AuthorityRecord prepared = AuthorityRecords.prepared();
            SlotWrite.Verified<AuthorityRecord> created =
                    assertInstanceOf(SlotWrite.Verified.class, authority.createIfAbsent(prepared));
            SlotWrite.Verified<AuthorityRecord> moved = assertInstanceOf(
                    SlotWrite.Verified.class,
                    authority.compareAndSwap(created.verified(), AuthorityRecords.dispatching(prepared)));
            assertTrue(moved.dispatchPermit().isPresent());

            table.admin(0).execute("SYSTEM FLUSH LOGS");
            assertEquals(
                    "1\t0\t1\t0",
                    table.admin(0)
                            .query("SELECT count(), any(Settings['validate_mutation_query']),"
                                    + " any(Settings['keeper_map_strict_mode']), any(Settings['insert_keeper_max_retries'])"
                                    + " FROM system.query_log WHERE type = 'QueryFinish' AND query_id = "
                                    + SqlQuoting.string(ids.idsFor("cas").get(0))));
        } finally {
            Protocol.close(mutations);
            Protocol.close(reads);
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void withoutPrevalidationAnInvalidMutationIsStillRefusedAndWritesNothing(
            Protocol protocol, RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        AuthorityRecord prepared = AuthorityRecords.prepared();
        String key = prepared.targetKey().hex();
        try (ControlTable.Adapter worker = table.publisherAdapter(protocol, 0)) {
            assertInstanceOf(SlotWrite.Verified.class, worker.authority.createIfAbsent(prepared));
            assertRefusedUnwritten(worker, table, key, "`dispatch_epoch` = 'not a number'", true);
            assertRefusedUnwritten(worker, table, key, "`no_such_column` = 'x'", true);
            // Fails while the new values are computed: 395 is not in ServerErrorClassifier's table of
            // definite refusals, so the transport reports it as ambiguous; still nothing is written.
            assertRefusedUnwritten(
                    worker, table, key, "`phase` = if(throwIf(`dispatch_epoch` >= 0, 'refused'), 'x', 'y')", false);
        }
    }

    private static void assertRefusedUnwritten(
            ControlTable.Adapter worker, ControlTable table, String key, String assignment, boolean definiteRefusal) {
        String stored = table.rawRow(0, key);
        SqlStatement invalid = new SqlStatement(
                StatementKind.KEEPER_MAP_CAS,
                "ALTER TABLE " + table.ref.render() + " UPDATE " + assignment + " WHERE `target_key` = "
                        + SqlQuoting.string(key));
        MutationOutcome outcome = worker.mutations.execute(
                invalid,
                QueryContext.keeperMapMutation("t-" + UUID.randomUUID())
                        .with(ServerSetting.VALIDATE_MUTATION_QUERY, "0"));
        Class<? extends MutationOutcome> expected =
                definiteRefusal ? MutationOutcome.Rejected.class : MutationOutcome.Ambiguous.class;
        assertInstanceOf(expected, outcome, assignment);
        assertEquals(stored, table.rawRow(0, key), "nothing written by " + assignment);
    }
}
