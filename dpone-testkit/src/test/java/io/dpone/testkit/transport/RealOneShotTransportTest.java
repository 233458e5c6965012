package io.dpone.testkit.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.error.ErrorClass;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.net.ServerSocket;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Both real adapters against a real two-member ClickHouse: a read and a one-shot mutation carry
 * their query id and settings (proven from system.query_log), server refusals are rejected with
 * their code, a dead port is "not sent", and exactly one query runs per query id.
 */
@ClickHouseCluster(members = 2)
class RealOneShotTransportTest {

    private static String queryId(String prefix) {
        return prefix + "-" + UUID.randomUUID();
    }

    private static String table(TestDatabase database) {
        return database.target() + ".rows";
    }

    private static void createTable(RunningCluster cluster, TestDatabase database) {
        cluster.member(0)
                .client(cluster.admin())
                .execute("CREATE TABLE IF NOT EXISTS " + table(database)
                        + " (id UInt64, note String) ENGINE = MergeTree ORDER BY id");
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void mutationAndReadCarryQueryIdAndSettings(Transports protocol, RunningCluster cluster, TestDatabase database)
            throws Exception {
        createTable(cluster, database);
        ClickHouseEndpoint endpoint = protocol.endpoint(cluster.member(0), cluster.admin(), database.target());
        OneShotMutationTransport mutations = protocol.mutations(endpoint);
        ReadTransport reads = protocol.reads(endpoint);
        String token = "dpone-test-" + UUID.randomUUID();
        String insertId = queryId("ins");
        QueryContext context = QueryContext.keeperMapMutation(insertId).with(ServerSetting.LOG_COMMENT, token);
        try {
            MutationOutcome outcome = mutations.execute(
                    new SqlStatement(
                            StatementKind.OTHER_MUTATION, "INSERT INTO " + table(database) + " VALUES (1, 'one')"),
                    context);
            assertEquals(new MutationOutcome.Acknowledged(insertId), outcome);

            String readId = queryId("read");
            ReadResult settings = reads.read(
                            SqlStatement.read("SELECT toString(getSetting('log_comment')) AS lc,"
                                    + " toString(getSetting('keeper_map_strict_mode')) AS strict,"
                                    + " toString(getSetting('insert_keeper_max_retries')) AS retries, queryID() AS qid, count() AS n"
                                    + " FROM " + table(database)),
                            QueryContext.keeperMapMutation(readId).with(ServerSetting.LOG_COMMENT, token))
                    .rowsOrThrow();
            assertEquals(List.of(List.of(token, "true", "0", readId, 1L)), settings.rows());
        } finally {
            Transports.close(mutations);
            Transports.close(reads);
        }
        MemberClient admin = cluster.member(0).client(cluster.admin());
        admin.execute("SYSTEM FLUSH LOGS");
        assertEquals(
                "1\t" + token + "\t1\t0",
                admin.query("SELECT count(), any(log_comment),"
                        + " any(Settings['keeper_map_strict_mode']), any(Settings['insert_keeper_max_retries'])"
                        + " FROM system.query_log WHERE query_id = '" + insertId + "' AND type = 'QueryFinish'"),
                "exactly one executed query with this id, carrying the settings");
        assertEquals(
                "1",
                admin.query("SELECT count() FROM system.query_log WHERE query_id = '" + insertId
                        + "' AND type = 'QueryStart'"),
                "no second send under the same query id");
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void serverRefusalsAreRejectedWithTheirCode(Transports protocol, RunningCluster cluster, TestDatabase database)
            throws Exception {
        createTable(cluster, database);
        OneShotMutationTransport mutations =
                protocol.mutations(protocol.endpoint(cluster.member(0), cluster.admin(), database.target()));
        try {
            MutationOutcome.Rejected missing = assertInstanceOf(
                    MutationOutcome.Rejected.class,
                    mutations.execute(
                            new SqlStatement(
                                    StatementKind.OTHER_MUTATION,
                                    "EXCHANGE TABLES " + table(database) + " AND " + database.target() + ".absent"),
                            QueryContext.of(queryId("x"))));
            assertEquals(60, missing.error().code());
            assertEquals(ErrorClass.CONFLICT, missing.error().classification().errorClass());
            assertFalse(
                    missing.error().summary().contains(database.target()),
                    missing.error().summary());

            // The same server answer to a statement of a distributed-DDL kind proves nothing (issue 13.1):
            // under ON CLUSTER it could be one host's code re-raised after the entry was enqueued.
            MutationOutcome.Ambiguous asDdl = assertInstanceOf(
                    MutationOutcome.Ambiguous.class,
                    mutations.execute(
                            new SqlStatement(
                                    StatementKind.DDL_EXCHANGE,
                                    "EXCHANGE TABLES " + table(database) + " AND " + database.target() + ".absent"),
                            QueryContext.of(queryId("y"))));
            assertEquals(60, asDdl.serverError().orElseThrow().code());
            assertEquals(
                    ErrorClass.AMBIGUOUS,
                    asDdl.serverError().orElseThrow().classification().errorClass());

            MutationOutcome.Rejected exists = assertInstanceOf(
                    MutationOutcome.Rejected.class,
                    mutations.execute(
                            new SqlStatement(
                                    StatementKind.OTHER_MUTATION,
                                    "CREATE TABLE " + table(database) + " (id UInt64) ENGINE = MergeTree ORDER BY id"),
                            QueryContext.of(queryId("c"))));
            assertEquals(57, exists.error().code());
            assertEquals(ErrorClass.CONFLICT, exists.error().classification().errorClass());
            assertFalse(
                    exists.error().summary().contains(database.target()),
                    exists.error().summary());
        } finally {
            Transports.close(mutations);
        }
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void deadPortIsNotSent(Transports protocol, RunningCluster cluster) throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        OneShotMutationTransport mutations =
                protocol.mutations(Transports.endpointAt("127.0.0.1", port, cluster.admin(), "default"));
        try {
            MutationOutcome.NotSent notSent = assertInstanceOf(
                    MutationOutcome.NotSent.class,
                    mutations.execute(
                            new SqlStatement(StatementKind.OTHER_MUTATION, "SELECT 1"),
                            QueryContext.of(queryId("dead"))));
            assertFalse(notSent.summary().contains(Integer.toString(port)), notSent.summary());
            assertFalse(notSent.summary().contains("127.0.0.1"), notSent.summary());
        } finally {
            Transports.close(mutations);
        }
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void answerLaterThanTheSocketTimeoutIsAmbiguousAndSentOnce(
            Transports protocol, RunningCluster cluster, TestDatabase database) throws Exception {
        createTable(cluster, database);
        ClickHouseEndpoint endpoint = protocol.endpoint(cluster.member(0), cluster.admin(), database.target())
                .withSocketTimeout(java.time.Duration.ofSeconds(1));
        OneShotMutationTransport mutations = protocol.mutations(endpoint);
        String insertId = queryId("late-insert");
        String selectId = queryId("late-select");
        MemberClient admin = cluster.member(0).client(cluster.admin());
        try {
            // HTTP with wait_end_of_query sends nothing until the end: the client gives up first.
            // Native streams progress packets, so the driver may legitimately wait for the end;
            // either way an acknowledgement must never precede the server's completion.
            assertLateOrComplete(
                    protocol,
                    mutations.execute(
                            new SqlStatement(
                                    StatementKind.OTHER_MUTATION,
                                    "INSERT INTO " + table(database)
                                            + " SELECT number, 'slow' FROM numbers(3) WHERE sleepEachRow(0.9) = 0"),
                            QueryContext.of(insertId)),
                    () -> admin.query("SELECT count() FROM " + table(database) + " WHERE note = 'slow'")
                            .equals("3"));
            long started = System.nanoTime();
            assertLateOrComplete(
                    protocol,
                    mutations.execute(
                            new SqlStatement(StatementKind.OTHER_MUTATION, "SELECT sleep(2.5)"),
                            QueryContext.of(selectId)),
                    () -> System.nanoTime() - started >= 2_400_000_000L);
        } finally {
            Transports.close(mutations);
        }
        Thread.sleep(3_000);
        admin.execute("SYSTEM FLUSH LOGS");
        for (String id : List.of(insertId, selectId)) {
            assertEquals(
                    "1",
                    admin.query("SELECT count() FROM system.query_log WHERE query_id = '" + id
                            + "' AND type = 'QueryStart'"),
                    "the server received exactly one request");
        }
    }

    private static void assertLateOrComplete(
            Transports protocol, MutationOutcome outcome, java.util.function.BooleanSupplier serverFinished) {
        if (protocol == Transports.HTTP || !(outcome instanceof MutationOutcome.Acknowledged)) {
            MutationOutcome.Ambiguous late = assertInstanceOf(MutationOutcome.Ambiguous.class, outcome);
            assertEquals(MutationOutcome.AmbiguityCause.TIMEOUT, late.cause(), late.toString());
        } else {
            assertTrue(serverFinished.getAsBoolean(), "acknowledged only after the server finished");
        }
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void distributedDdlSettingsAreDeliveredOrRefusedBeforeSending(
            Transports protocol, RunningCluster cluster, TestDatabase database) throws Exception {
        ClickHouseEndpoint endpoint = protocol.endpoint(cluster.member(0), cluster.admin(), database.target());
        ReadTransport reads = protocol.reads(endpoint);
        OneShotMutationTransport mutations = protocol.mutations(endpoint);
        QueryContext ddl = QueryContext.distributedDdl(queryId("ddl"), "tok-1", 77);
        try {
            if (protocol == Transports.HTTP) {
                assertEquals(
                        List.of(List.of("77", "throw", "false", "tok-1")),
                        reads.read(
                                        SqlStatement.read(
                                                "SELECT toString(getSetting('distributed_ddl_task_timeout')), toString(getSetting('distributed_ddl_output_mode')),"
                                                        + " toString(getSetting('skip_unavailable_shards')), toString(getSetting('log_comment'))"),
                                        ddl)
                                .rowsOrThrow()
                                .rows());
            } else {
                assertInstanceOf(
                        MutationOutcome.NotSent.class,
                        mutations.execute(
                                new SqlStatement(StatementKind.DDL_DROP, "DROP TABLE IF EXISTS " + table(database)),
                                ddl),
                        "the native driver cannot deliver distributed_ddl_task_timeout, so it refuses before sending");
            }
        } finally {
            Transports.close(reads);
            Transports.close(mutations);
        }
    }
}
