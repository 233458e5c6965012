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
import io.dpone.clickhouse.cluster.ddl.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.clickhouse.cluster.sql.DdlStatementType;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.Sleeper;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.fault.FaultInjectingTransport;
import io.dpone.testkit.fault.FaultPlan;
import io.dpone.testkit.transport.Transports;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The DDL adapter on real members, as the publication principal. This harness has no
 * distributed-DDL worker, so the proof here is: the dispatch leaves exactly once over HTTP with
 * exactly the four settings (read back from system.query_log), the server's refusal is a definite
 * rejection, and an unreadable queue is reported as unknown, never as "no entry". Binding over
 * real queue rows needs a cluster with a DDL worker (the Docker profile); offline tests cover it.
 */
@ClickHouseCluster(members = 2)
class RealDdlDispatchTest {
    private static final long TASK_TIMEOUT = 42;

    @Test
    void exchangeLeavesOnceWithTheFourSettingsAndIsADefiniteRejection(RunningCluster cluster, TestDatabase db)
            throws Exception {
        Credentials publisher = cluster.publisher();
        var endpoint = Transports.HTTP.endpoint(cluster.member(0), publisher, "default");
        var http = Transports.HTTP.mutations(endpoint);
        ReadTransport reads = Transports.HTTP.reads(endpoint);
        FaultInjectingTransport counted = new FaultInjectingTransport(http, reads, FaultPlan.none(), Sleeper.SYSTEM);
        try {
            DdlDispatchAdapter ddl = new DdlDispatchAdapter(counted, counted, Sha256ProtocolDigests.INSTANCE, this::readId);
            String token = token();
            String queryId = "ddl-" + UUID.randomUUID();
            MutationOutcome outcome = ddl.dispatch(DdlStatements.exchange(cluster.spec().clusterName(),
                    new TableRef(db.target(), "events"), new TableRef(db.target(), "events__cand")), queryId, token,
                    TASK_TIMEOUT);

            MutationOutcome.Rejected rejected = assertInstanceOf(MutationOutcome.Rejected.class, outcome);
            assertEquals(392, rejected.error().code(), "Replicated DDL queries are disabled on this harness");
            assertEquals(1, counted.counter().sends(queryId), "exactly one transport invocation");
            assertEquals(1, counted.counter().invocations(queryId), "no retry path");

            MemberClient admin = cluster.member(0).client(cluster.admin());
            admin.execute("SYSTEM FLUSH LOGS");
            String logged = admin.query("SELECT count(), any(log_comment), any(user),"
                    + " any(Settings['distributed_ddl_task_timeout']), any(exception_code),"
                    + " any(Settings['skip_unavailable_shards']), any(Settings['distributed_ddl_output_mode'])"
                    + " FROM system.query_log WHERE query_id = '" + queryId + "' FORMAT TSVRaw").replace("\n", "");
            String[] cells = logged.split("\t", -1);
            assertEquals(String.join("\t", "1", token, publisher.user(), Long.toString(TASK_TIMEOUT), "392"),
                    String.join("\t", java.util.Arrays.copyOf(cells, 5)), "one logged query with token and timeout");
            // query_log keeps only settings that differ from the server default; 0 and throw are
            // this server's defaults, so the effective value is either logged or the default.
            assertEffective(admin, "skip_unavailable_shards", "0", cells[5]);
            assertEffective(admin, "distributed_ddl_output_mode", "throw", cells[6]);
        } finally {
            Transports.close(http);
            Transports.close(reads);
        }
    }

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
        publisher.execute(DdlStatements.exchange(cluster0, target, candidate).sql().replace(onCluster, ""));
        publisher.execute(DdlStatements.dropIfExists(cluster0, target).sql().replace(onCluster, ""));
        publisher.execute(DdlStatements.rename(cluster0, candidate, target).sql().replace(onCluster, ""));
        assertEquals("1", admin.query("SELECT count() FROM system.tables WHERE database = '" + db.target()
                + "' FORMAT TSVRaw").strip());
    }

    @Test
    void theNativeTransportCannotCarryTheTaskTimeoutAndSendsNothing(RunningCluster cluster, TestDatabase db)
            throws Exception {
        var endpoint = Transports.NATIVE.endpoint(cluster.member(0), cluster.publisher(), "default");
        var nativeMutations = Transports.NATIVE.mutations(endpoint);
        ReadTransport reads = Transports.NATIVE.reads(endpoint);
        try {
            MutationOutcome outcome = new DdlDispatchAdapter(reads, nativeMutations, Sha256ProtocolDigests.INSTANCE,
                    this::readId).dispatch(DdlStatements.dropIfExists(cluster.spec().clusterName(),
                    new TableRef(db.target(), "events__cand")), "ddl-" + UUID.randomUUID(), token(), TASK_TIMEOUT);
            assertInstanceOf(MutationOutcome.NotSent.class, outcome, "distributed DDL must go over HTTP");
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
        var http = Transports.HTTP.mutations(Transports.HTTP.endpoint(cluster.member(0), cluster.publisher(), "default"));
        try {
            DdlDispatchAdapter ddl = new DdlDispatchAdapter(reads, http, Sha256ProtocolDigests.INSTANCE, this::readId);
            String cluster0 = cluster.spec().clusterName();
            QueueLookup lookup = ddl.lookup(new ExpectedDdl(DdlStatementType.EXCHANGE_TABLES, cluster0, db.target(),
                    Optional.of("events"), Optional.of("events__cand"), token()));
            assertEquals(new QueueLookup.Unknown(QueueLookup.Reason.QUEUE_UNREADABLE), lookup);
            CatalogRead<?> hostRows = ddl.hostRows(new BoundEntry(cluster0, "query-0000000001",
                    new Digest("0".repeat(64)), token()));
            var unreadable = assertInstanceOf(CatalogRead.Unreadable.class, hostRows);
            assertTrue(unreadable.describe().contains("DDL background thread is not initialized"), unreadable.describe());
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
            CatalogRead<CapabilityPreflight.Facts> read = new DdlDispatchAdapter(reads,
                    (statement, context) -> { throw new AssertionError("preflight mutates nothing"); },
                    Sha256ProtocolDigests.INSTANCE, this::readId).preflight();
            CapabilityPreflight.Facts facts =
                    ((CatalogRead.Observed<CapabilityPreflight.Facts>) assertInstanceOf(CatalogRead.Observed.class, read)).facts();
            assertTrue(facts.satisfied(), facts.toString());
            assertEquals(Optional.of(CapabilityPreflight.REQUIRED_SETTINGS_TYPE), facts.settingsColumnType());
            assertTrue(facts.entryFormatVersion().orElseThrow() >= CapabilityPreflight.MIN_ENTRY_FORMAT_VERSION);
            System.out.println("[ddl] preflight " + protocol + ": entry_format_version="
                    + facts.entryFormatVersion().orElseThrow() + " settings=" + facts.settingsColumnType().orElseThrow()
                    + " server=" + facts.serverVersion());
        } finally {
            Transports.close(reads);
        }
    }

    private static void assertEffective(MemberClient admin, String setting, String expected, String logged) {
        String effective = logged.isEmpty()
                ? admin.query("SELECT value FROM system.settings WHERE name = '" + setting + "' FORMAT TSVRaw").strip()
                : logged;
        assertEquals(expected, effective, setting);
    }

    private String readId() {
        return "read-" + UUID.randomUUID();
    }

    private static String token() {
        return DdlCorrelationToken.issue(new Digest("a".repeat(64)), DdlAction.EXCHANGE, 1,
                RandomBits.from(new SecureRandom())).value();
    }
}
