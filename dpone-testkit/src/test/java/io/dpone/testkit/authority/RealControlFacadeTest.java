package io.dpone.testkit.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.FacadeReconciliation;
import io.dpone.clickhouse.cluster.authority.FacadeRules;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.authority.FacadeVerdict;
import io.dpone.clickhouse.cluster.authority.FacadeVerdict.FacadeProblem;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.FacadeReconciler;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.ddl.adapter.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.QueryFailedException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Spec section 1 on real members (local real ClickHouse 26.7 via libchdb, two members, ZooKeeper),
 * as the publication principal: the facade adapter reads every member through one
 * {@code clusterAllReplicas} connection to member 0, and its observations (absent everywhere,
 * partial, present, another Keeper root) are judged by {@link FacadeRules} against the inventory
 * the catalog adapter reads. The local harness cannot run {@code ON CLUSTER} (392) and cannot read
 * {@code system.distributed_ddl_queue} ("DDL background thread is not initialized"), so facades
 * are created per member with the bootstrap's own statement minus {@code ON CLUSTER}, and the
 * reconciler is proven to fail closed here, before sending anything, whenever it needs the queue.
 */
@ClickHouseCluster(members = 2)
class RealControlFacadeTest {

    private static FacadeSpec spec(TestDatabase database) {
        return new FacadeSpec(
                new TableRef(database.control(), ControlTable.TABLE), database.keeperMapPath("authority"));
    }

    private static void createOn(RunningCluster cluster, int member, TableRef ref, String keeperPath) {
        cluster.member(member).client(cluster.admin()).execute(ControlTable.localCreate(cluster, ref, keeperPath));
    }

    private static ReadTransport reads(Protocol protocol, RunningCluster cluster, TestDatabase database) {
        return protocol.reads(protocol.endpoint(cluster.member(0), cluster.publisher(), database.control()));
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void identicalFacadesReadingTheSameRecordAreReady(
            Protocol protocol, RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        AuthorityRecord prepared = AuthorityRecords.prepared();
        ReadTransport reads = reads(protocol, cluster, database);
        try (ControlTable.Adapter worker = table.publisherAdapter(protocol, 0)) {
            worker.authority.createIfAbsent(prepared);
            Set<HostEndpoint> admitted = ControlTable.admitted(reads, cluster);
            List<FacadeObservation> observed =
                    ControlTable.observe(reads, cluster, spec(database), prepared.targetKey());
            assertEquals(
                    admitted,
                    Set.copyOf(observed.stream().map(FacadeObservation::member).toList()),
                    "every member answered once, named by its own system.clusters row");
            FacadeObservation.Present first = assertInstanceOf(FacadeObservation.Present.class, observed.get(0));
            FacadeObservation.Present second = assertInstanceOf(FacadeObservation.Present.class, observed.get(1));
            assertEquals(spec(database).engineFull(), first.engineFull(), "the server's normalised engine_full");
            assertEquals(spec(database).columns(), first.columns());
            assertTrue(first.slot().isPresent());
            assertEquals(first.slot(), second.slot(), "both members read the same row and _version through Keeper");
            assertEquals(0, first.slot().orElseThrow().keeperVersion());
            assertEquals(
                    new FacadeVerdict.Ready(MutationPrevalidation.SKIPPED),
                    FacadeRules.judge(spec(database), admitted, observed),
                    "every harness member (26.x) knows validate_mutation_query");
        } finally {
            Protocol.close(reads);
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void absentPartialAndMismatchedFacadesAreObservedAsTheRulesExpect(
            Protocol protocol, RunningCluster cluster, TestDatabase database) {
        TableRef ref = spec(database).control();
        AuthorityRecord slot = AuthorityRecords.prepared();
        ReadTransport reads = reads(protocol, cluster, database);
        try {
            Set<HostEndpoint> admitted = ControlTable.admitted(reads, cluster);
            HostEndpoint second = ControlTable.endpointOf(admitted, cluster, 1);
            List<FacadeObservation> none = ControlTable.observe(reads, cluster, spec(database), slot.targetKey());
            none.forEach(
                    observation -> assertEquals(new FacadeObservation.Absent(observation.member(), true), observation));
            assertEquals(new FacadeVerdict.BootstrapAll(), FacadeRules.judge(spec(database), admitted, none));

            createOn(cluster, 0, ref, database.keeperMapPath("authority"));
            List<FacadeObservation> partial = ControlTable.observe(reads, cluster, spec(database), slot.targetKey());
            assertEquals(
                    new FacadeVerdict.FillAbsent(List.of(second)),
                    FacadeRules.judge(spec(database), admitted, partial));
            partial.stream()
                    .filter(FacadeObservation.Present.class::isInstance)
                    .map(FacadeObservation.Present.class::cast)
                    .forEach(present ->
                            assertTrue(present.slot().isEmpty(), "no slot read while the facade is partial"));

            createOn(cluster, 1, ref, database.keeperMapPath("elsewhere"));
            assertEquals(
                    new FacadeVerdict.Blocked(FacadeProblem.ENGINE_MISMATCH),
                    ControlTable.judge(reads, cluster, spec(database), slot.targetKey()),
                    "another Keeper root on one member");
            cluster.member(1).client(cluster.admin()).execute("DROP TABLE " + ref.render() + " SYNC");
            // Another column list on the same Keeper root is refused by KeeperMap itself (36, its metadata
            // lives in Keeper); FacadeRulesTest covers the SCHEMA_MISMATCH verdict for any other source.
            QueryFailedException refused = assertThrows(
                    QueryFailedException.class,
                    () -> cluster.member(1)
                            .client(cluster.admin())
                            .execute(ControlTable.localCreate(cluster, ref, database.keeperMapPath("authority"))
                                    .replace(
                                            "`payload_sha256` FixedString(64)",
                                            "`payload_sha256` FixedString(64), `extra` String")));
            assertEquals(36, refused.serverCode());
            assertEquals(
                    new FacadeVerdict.FillAbsent(List.of(second)),
                    ControlTable.judge(reads, cluster, spec(database), slot.targetKey()));
        } finally {
            Protocol.close(reads);
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void withoutAReadableQueueTheReconcilerFailsClosedAndSendsNothing(
            Protocol protocol, RunningCluster cluster, TestDatabase database) {
        AuthorityRecord slot = AuthorityRecords.prepared();
        ReadTransport reads = reads(protocol, cluster, database);
        // Distributed DDL goes through the HTTP one-shot transport: the native driver cannot carry its settings.
        OneShotMutationTransport http = Protocol.HTTP.mutations(
                Protocol.HTTP.endpoint(cluster.member(0), cluster.publisher(), database.control()));
        List<StatementKind> sent = Collections.synchronizedList(new ArrayList<>());
        OneShotMutationTransport counted = (statement, context) -> {
            sent.add(statement.kind());
            return http.execute(statement, context);
        };
        try {
            Set<HostEndpoint> admitted = ControlTable.admitted(reads, cluster);
            DdlDispatchAdapter ddl = new DdlDispatchAdapter(
                    reads, counted, Sha256ProtocolDigests.INSTANCE, () -> "ddl-" + UUID.randomUUID(), 30);
            BoundedWait wait = new BoundedWait(3, Duration.ofMillis(100), Duration.ofMillis(400));
            FacadeReconciler reconciler = new FacadeReconciler(
                    ControlTable.facades(reads),
                    ddl,
                    new QueueEntryResolver(
                            ddl,
                            Sha256ProtocolDigests.INSTANCE,
                            wait,
                            wait,
                            d -> Thread.sleep(d.toMillis()),
                            Cancellation.NEVER),
                    RandomBits.from(new SecureRandom()));

            FacadeReconciliation.FailedClosed absent = assertInstanceOf(
                    FacadeReconciliation.FailedClosed.class,
                    reconciler.reconcile(cluster.spec().clusterName(), spec(database), admitted, slot.targetKey()));
            assertEquals(FacadeProblem.BOOTSTRAP_UNRESOLVED, absent.problem(), absent.detail());
            assertEquals("bootstrap entries: queue unreadable", absent.detail());
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED, absent.code());

            createOn(cluster, 0, spec(database).control(), database.keeperMapPath("authority"));
            FacadeReconciliation.FailedClosed partial = assertInstanceOf(
                    FacadeReconciliation.FailedClosed.class,
                    reconciler.reconcile(cluster.spec().clusterName(), spec(database), admitted, slot.targetKey()));
            assertEquals(
                    FacadeProblem.BOOTSTRAP_UNRESOLVED, partial.problem(), "a partial facade is never filled blind");
            assertEquals(List.of(), sent, "no bootstrap was sent: an entry nobody can see may still be pending");
            assertEquals(
                    new FacadeVerdict.FillAbsent(List.of(ControlTable.endpointOf(admitted, cluster, 1))),
                    ControlTable.judge(reads, cluster, spec(database), slot.targetKey()),
                    "nothing was created");

            createOn(cluster, 1, spec(database).control(), database.keeperMapPath("authority"));
            assertEquals(
                    new FacadeReconciliation.Ready(
                            new FacadeVerdict.Ready(MutationPrevalidation.SKIPPED), java.util.Optional.empty()),
                    reconciler.reconcile(cluster.spec().clusterName(), spec(database), admitted, slot.targetKey()),
                    "a complete facade needs no queue");
            assertEquals(List.of(), sent);
        } finally {
            Protocol.close(reads);
            Protocol.close(http);
        }
    }
}
