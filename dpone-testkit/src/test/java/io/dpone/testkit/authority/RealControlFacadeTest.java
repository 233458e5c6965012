package io.dpone.testkit.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.AuthorityQueryIds;
import io.dpone.clickhouse.cluster.authority.ControlFacade;
import io.dpone.clickhouse.cluster.authority.FacadeBootstrap;
import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.authority.FacadeVerdict;
import io.dpone.clickhouse.cluster.authority.FacadeVerdict.FacadeProblem;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.fault.FaultInjectingTransport;
import io.dpone.testkit.fault.FaultPlan;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Seed section 1 on real members, as the publication principal. The local harness cannot run
 * {@code ON CLUSTER} (392), so facades are created per member with the bootstrap's own statement
 * minus {@code ON CLUSTER}; the bootstrap itself is proven to be sent exactly once and to fail
 * closed on that refusal.
 */
@ClickHouseCluster(members = 2)
class RealControlFacadeTest {

    private static final class Members implements AutoCloseable {
        final Map<HostEndpoint, ReadTransport> reads = new LinkedHashMap<>();

        Members(Protocol protocol, RunningCluster cluster, TestDatabase database) {
            for (int member = 0; member < cluster.members().size(); member++) {
                reads.put(new HostEndpoint("r" + (member + 1), 9000), protocol.reads(protocol.endpoint(cluster.member(member), cluster.publisher(),
                        database.control())));
            }
        }

        @Override
        public void close() {
            reads.values().forEach(Protocol::close);
        }
    }

    private static FacadeSpec spec(TestDatabase database) {
        return new FacadeSpec(new TableRef(database.control(), ControlTable.TABLE), database.keeperMapPath("authority"));
    }

    private static void createOn(RunningCluster cluster, int member, TableRef ref, String keeperPath) {
        cluster.member(member).client(cluster.admin()).execute(ControlTable.localCreate(cluster, ref, keeperPath));
    }

    private static FacadeVerdict verify(Protocol protocol, RunningCluster cluster, TestDatabase database, AuthorityRecord slot) {
        try (Members members = new Members(protocol, cluster, database)) {
            return new ControlFacade(spec(database), members.reads, AuthorityQueryIds.random()).verify(slot.targetKey());
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void identicalFacadesReadingTheSameRecordAreReady(Protocol protocol, RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        AuthorityRecord prepared = AuthorityRecords.prepared();
        try (ControlTable.Adapter worker = table.publisherAdapter(protocol, 0);
             Members members = new Members(protocol, cluster, database)) {
            worker.authority.createIfAbsent(prepared);
            ControlFacade facade = new ControlFacade(spec(database), members.reads, AuthorityQueryIds.random());
            List<FacadeObservation> observed = facade.observe(prepared.targetKey());
            FacadeObservation.Present first = assertInstanceOf(FacadeObservation.Present.class, observed.get(0));
            assertEquals(spec(database).engineFull(), first.engineFull(), "the server's normalised engine_full");
            assertEquals(spec(database).columns(), first.columns());
            assertTrue(first.slot().isPresent());
            assertEquals(new FacadeVerdict.Ready(MutationPrevalidation.SKIPPED), facade.verify(prepared.targetKey()),
                    "every harness member (26.x) knows validate_mutation_query");
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void absentOnOneMemberMayOnlyBeFilledAndMismatchesBlock(Protocol protocol, RunningCluster cluster, TestDatabase database) {
        TableRef ref = spec(database).control();
        AuthorityRecord slot = AuthorityRecords.prepared();
        assertEquals(new FacadeVerdict.BootstrapAll(), verify(protocol, cluster, database, slot));
        createOn(cluster, 0, ref, database.keeperMapPath("authority"));
        assertEquals(new FacadeVerdict.FillAbsent(List.of(new HostEndpoint("r2", 9000))), verify(protocol, cluster, database, slot));

        createOn(cluster, 1, ref, database.keeperMapPath("elsewhere"));
        assertEquals(new FacadeVerdict.Blocked(FacadeProblem.ENGINE_MISMATCH), verify(protocol, cluster, database, slot));
        cluster.member(1).client(cluster.admin()).execute("DROP TABLE " + ref.render() + " SYNC");
        // Another column list on the same Keeper root is refused by KeeperMap itself (36, its metadata
        // lives in Keeper); FacadeRulesTest covers the SCHEMA_MISMATCH verdict for any other source.
        io.dpone.testkit.cluster.QueryFailedException refused = org.junit.jupiter.api.Assertions.assertThrows(
                io.dpone.testkit.cluster.QueryFailedException.class, () -> cluster.member(1).client(cluster.admin())
                        .execute(ControlTable.localCreate(cluster, ref, database.keeperMapPath("authority"))
                                .replace("`payload_sha256` FixedString(64)", "`payload_sha256` FixedString(64), `extra` String")));
        assertEquals(36, refused.serverCode());
        assertEquals(new FacadeVerdict.FillAbsent(List.of(new HostEndpoint("r2", 9000))), verify(protocol, cluster, database, slot));
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void theBootstrapIsSentOnceAndItsRefusalFailsClosed(Protocol protocol, RunningCluster cluster, TestDatabase database) {
        AuthorityRecord slot = AuthorityRecords.prepared();
        FacadeVerdict.BootstrapAll absent = assertInstanceOf(FacadeVerdict.BootstrapAll.class,
                verify(protocol, cluster, database, slot));
        // Distributed DDL goes through the HTTP one-shot transport: the native driver cannot carry its settings.
        OneShotMutationTransport http = Protocol.HTTP.mutations(Protocol.HTTP.endpoint(cluster.member(0),
                cluster.publisher(), database.control()));
        ReadTransport unused = Protocol.HTTP.reads(Protocol.HTTP.endpoint(cluster.member(0), cluster.publisher(),
                database.control()));
        try {
            FaultInjectingTransport counting = new FaultInjectingTransport(http, unused, FaultPlan.none(), d -> { });
            RecordingQueryIds ids = new RecordingQueryIds();
            FacadeBootstrap bootstrap = new FacadeBootstrap(spec(database), cluster.spec().clusterName(), counting, ids, 30);

            FacadeBootstrap.Outcome.FailedClosed failed = assertInstanceOf(FacadeBootstrap.Outcome.FailedClosed.class,
                    bootstrap.bootstrap(absent));

            assertEquals(FacadeProblem.BOOTSTRAP_UNRESOLVED, failed.verdict().problem());
            assertTrue(failed.summary().contains("392"), failed.summary());
            assertEquals(1, counting.counter().sends(ids.idsFor("bootstrap").get(0)));
            assertEquals(1, counting.counter().totalSends(), "never retried");
            assertEquals(new FacadeVerdict.BootstrapAll(), verify(protocol, cluster, database, slot), "nothing was created");
        } finally {
            Protocol.close(http);
            Protocol.close(unused);
        }
    }
}
