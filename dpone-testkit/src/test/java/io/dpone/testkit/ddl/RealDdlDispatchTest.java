package io.dpone.testkit.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.ddl.adapter.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.clickhouse.cluster.sql.DdlStatementType;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.transport.Transports;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The DDL adapter on real members, as the publication principal (local real ClickHouse 26.7).
 * This harness has no distributed-DDL worker, so the proof here is: distributed DDL never leaves
 * over the native transport, an unreadable queue is reported as unknown, never as "no entry", and
 * the preflight reads the capability facts. The permitted dispatch itself is proven with a real
 * permit in {@code io.dpone.testkit.authority.RealPermittedDispatchTest}; binding over real queue
 * rows needs a cluster with a DDL worker (the simulator and the Docker profile).
 */
@ClickHouseCluster(members = 2)
class RealDdlDispatchTest {
    private static final long TASK_TIMEOUT = 42;

    @Test
    void thePublisherMayRunTheStatementBodiesLocally(RunningCluster cluster, TestDatabase db) {
        MemberClient admin = cluster.member(0).client(cluster.admin());
        MemberClient publisher = cluster.member(0).client(cluster.publisher());
        for (String table : java.util.List.of("events", "events__cand")) {
            admin.execute("CREATE TABLE " + db.target() + "." + table + " (id UInt64) ENGINE = MergeTree ORDER BY id");
        }
        String cluster0 = cluster.spec().clusterName();
        TableRef target = new TableRef(db.target(), "events");
        TableRef candidate = new TableRef(db.target(), "events__cand");
        String onCluster = " ON CLUSTER `" + cluster0 + "`";
        // The harness has no DDL worker, so the grants are proven on the same statements without ON CLUSTER.
        publisher.execute(
                DdlStatements.exchange(cluster0, target, candidate).sql().replace(onCluster, ""));
        publisher.execute(DdlStatements.dropIfExists(cluster0, target).sql().replace(onCluster, ""));
        publisher.execute(
                DdlStatements.rename(cluster0, candidate, target).sql().replace(onCluster, ""));
        assertEquals(
                "1",
                admin.query("SELECT count() FROM system.tables WHERE database = '" + db.target() + "' FORMAT TSVRaw")
                        .strip());
    }

    @Test
    void theNativeTransportCannotCarryTheTaskTimeoutAndSendsNothing(RunningCluster cluster, TestDatabase db)
            throws Exception {
        var endpoint = Transports.NATIVE.endpoint(cluster.member(0), cluster.publisher(), "default");
        var nativeMutations = Transports.NATIVE.mutations(endpoint);
        ReadTransport reads = Transports.NATIVE.reads(endpoint);
        try {
            DdlDispatch outcome = new DdlDispatchAdapter(
                            reads, nativeMutations, Sha256ProtocolDigests.INSTANCE, this::readId, TASK_TIMEOUT)
                    .dispatchSetup(
                            new SetupDdl.StagingDiscard(
                                    cluster.spec().clusterName(), new TableRef(db.target(), "events__cand")),
                            DdlCorrelationToken.issue(
                                    new Digest("a".repeat(64)),
                                    DdlAction.DISCARD,
                                    0,
                                    RandomBits.from(new SecureRandom())));
            assertInstanceOf(DdlDispatch.NotSent.class, outcome, "distributed DDL must go over HTTP");
        } finally {
            Transports.close(nativeMutations);
            Transports.close(reads);
        }
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void anUnreadableQueueIsUnknownNeverNoEntry(Transports protocol, RunningCluster cluster, TestDatabase db)
            throws Exception {
        var endpoint = protocol.endpoint(cluster.member(0), cluster.publisher(), "default");
        ReadTransport reads = protocol.reads(endpoint);
        var http =
                Transports.HTTP.mutations(Transports.HTTP.endpoint(cluster.member(0), cluster.publisher(), "default"));
        try {
            DdlDispatchAdapter ddl =
                    new DdlDispatchAdapter(reads, http, Sha256ProtocolDigests.INSTANCE, this::readId, TASK_TIMEOUT);
            String cluster0 = cluster.spec().clusterName();
            QueueLookup lookup = ddl.lookup(new ExpectedDdl(
                    DdlStatementType.EXCHANGE_TABLES,
                    cluster0,
                    db.target(),
                    Optional.of("events"),
                    Optional.of("events__cand"),
                    token()));
            assertEquals(new QueueLookup.Unknown(QueueLookup.Reason.QUEUE_UNREADABLE), lookup);
            CatalogRead<?> hostRows =
                    ddl.hostRows(new BoundEntry(cluster0, "query-0000000001", new Digest("0".repeat(64)), token()));
            var unreadable = assertInstanceOf(CatalogRead.Unreadable.class, hostRows);
            assertTrue(
                    unreadable.describe().contains("DDL background thread is not initialized"), unreadable.describe());
        } finally {
            Transports.close(reads);
            Transports.close(http);
        }
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    @SuppressWarnings("unchecked")
    void capabilityPreflightOnThePinnedServer(Transports protocol, RunningCluster cluster) throws Exception {
        ReadTransport reads = protocol.reads(protocol.endpoint(cluster.member(0), cluster.publisher(), "default"));
        try {
            CatalogRead<CapabilityPreflight.Facts> read = new DdlDispatchAdapter(
                            reads,
                            (statement, context) -> {
                                throw new AssertionError("preflight mutates nothing");
                            },
                            Sha256ProtocolDigests.INSTANCE,
                            this::readId,
                            TASK_TIMEOUT)
                    .preflight();
            CapabilityPreflight.Facts facts = ((CatalogRead.Observed<CapabilityPreflight.Facts>)
                            assertInstanceOf(CatalogRead.Observed.class, read))
                    .facts();
            assertTrue(facts.satisfied(), facts.toString());
            assertEquals(Optional.of(CapabilityPreflight.REQUIRED_SETTINGS_TYPE), facts.settingsColumnType());
            assertTrue(facts.entryFormatVersion().orElseThrow() >= CapabilityPreflight.MIN_ENTRY_FORMAT_VERSION);
            System.out.println("[ddl] preflight " + protocol + ": entry_format_version="
                    + facts.entryFormatVersion().orElseThrow() + " settings="
                    + facts.settingsColumnType().orElseThrow()
                    + " server=" + facts.serverVersion());
        } finally {
            Transports.close(reads);
        }
    }

    private String readId() {
        return "read-" + UUID.randomUUID();
    }

    private static String token() {
        return DdlCorrelationToken.issue(
                        new Digest("a".repeat(64)), DdlAction.EXCHANGE, 1, RandomBits.from(new SecureRandom()))
                .value();
    }
}
