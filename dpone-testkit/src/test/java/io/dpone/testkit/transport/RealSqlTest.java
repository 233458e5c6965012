package io.dpone.testkit.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.error.ErrorClass;
import io.dpone.clickhouse.cluster.contract.error.ServerErrorClassifier;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.sql.AuthorityStatements;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import io.dpone.clickhouse.cluster.sql.ControlRow;
import io.dpone.clickhouse.cluster.sql.DdlParseResult;
import io.dpone.clickhouse.cluster.sql.DdlQueryParser;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.ParsedDdl;
import io.dpone.clickhouse.cluster.sql.QueueStatements;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.http.HttpOneShotMutationTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpReadTransport;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every statement the SQL package renders is accepted by the real parser ({@code EXPLAIN AST}),
 * the queue SQL matches the real {@code system.distributed_ddl_queue} schema, the entry parser
 * reads the server's own formatting back, and the classifier's names are the server's names.
 */
@ClickHouseCluster(members = 2)
class RealSqlTest {
    private static final String SHA = "f".repeat(64);
    private static final String TRICKY = "we`ird 'name\\ ä";

    private static List<SqlStatement> rendered(String cluster) {
        TableRef target = new TableRef("pub", TRICKY);
        TableRef candidate = new TableRef("pub", TRICKY + "__cand");
        TableRef control = new TableRef("dpone", "publication_authority");
        ControlRow row = new ControlRow("k'1", "op", "fence", "PREPARED", 0, "{\"a\":\"b\\\\c\"}", SHA);
        return List.of(
                DdlStatements.exchange(cluster, target, candidate),
                DdlStatements.rename(cluster, candidate, target),
                DdlStatements.dropIfExists(cluster, candidate),
                DdlStatements.createControlTable(cluster, control, "/dpone/authority"),
                AuthorityStatements.insertStrict(control, row),
                AuthorityStatements.compareAndSwap(
                        control,
                        new CasExpectation("k'1", 3, "op", "fence", "PREPARED"),
                        new ControlRow("k'1", "op", "fence", "DISPATCHING", 1, "{}", SHA)),
                AuthorityStatements.readVersioned(control, "k'1"),
                QueueStatements.lookupByToken(cluster, "tok'1"),
                QueueStatements.hostRows(cluster, "query-0000000001"),
                CapabilityPreflight.statement());
    }

    @Test
    void everyRenderedStatementPassesExplainAst(RunningCluster cluster) {
        MemberClient admin = cluster.member(0).client(cluster.admin());
        for (SqlStatement statement : rendered(cluster.spec().clusterName())) {
            String ast = admin.query("EXPLAIN AST " + statement.sql());
            assertTrue(ast.contains("Identifier") || ast.contains("Function"), statement.kind() + " has an AST");
        }
    }

    @Test
    void onClusterDdlIsRefusedHereWithTheCodeKeptButNoConclusion(RunningCluster cluster) throws Exception {
        try (HttpOneShotMutationTransport transport = new HttpOneShotMutationTransport(
                Transports.HTTP.endpoint(cluster.member(0), cluster.admin(), "default"))) {
            MutationOutcome outcome = transport.execute(
                    DdlStatements.dropIfExists(cluster.spec().clusterName(), new TableRef("pub", "absent")),
                    QueryContext.distributedDdl("ddl-" + UUID.randomUUID(), "tok", 60));
            // 392 here means "no DDL worker", but a distributed-DDL answer is never read as "not enqueued".
            MutationOutcome.Ambiguous ambiguous = assertInstanceOf(MutationOutcome.Ambiguous.class, outcome);
            assertEquals(392, ambiguous.serverError().orElseThrow().code());
            assertEquals(
                    ErrorClass.AMBIGUOUS,
                    ambiguous.serverError().orElseThrow().classification().errorClass());
        }
    }

    @Test
    void entryParserReadsTheServersOwnFormatting(RunningCluster cluster) {
        MemberClient admin = cluster.member(0).client(cluster.admin());
        String clusterName = cluster.spec().clusterName();
        for (SqlStatement statement : rendered(clusterName).subList(0, 4)) {
            String formatted =
                    admin.query("SELECT formatQuerySingleLine(" + quote(statement.sql()) + ") FORMAT RawBLOB");
            ParsedDdl ours = assertInstanceOf(DdlParseResult.Parsed.class, DdlQueryParser.parse(statement.sql()))
                    .ddl();
            ParsedDdl servers = assertInstanceOf(
                            DdlParseResult.Parsed.class,
                            DdlQueryParser.parse(formatted),
                            statement.kind() + " formatted by the server")
                    .ddl();
            assertEquals(ours, servers, statement.kind() + ": same components and digest");
            assertEquals(clusterName, servers.cluster());
        }
    }

    @Test
    void queueSqlMatchesTheRealQueueSchema(RunningCluster cluster) throws Exception {
        MemberClient admin = cluster.member(0).client(cluster.admin());
        Map<String, String> columns = admin.query("SELECT name, type FROM system.columns WHERE database = 'system'"
                        + " AND table = 'distributed_ddl_queue' FORMAT TSVRaw")
                .lines()
                .map(line -> line.split("\t", 2))
                .collect(Collectors.toMap(p -> p[0], p -> p[1]));
        assertEquals("String", columns.get("entry"));
        assertEquals("String", columns.get("cluster"));
        assertEquals("String", columns.get("query"));
        assertEquals("Map(String, String)", columns.get("settings"));
        assertEquals("Nullable(String)", columns.get("host"));
        assertEquals("Nullable(UInt16)", columns.get("port"));
        assertTrue(
                columns.get("status")
                        .startsWith("Nullable(Enum8('Inactive' = 0, 'Active' = 1, 'Finished' = 2,"
                                + " 'Removing' = 3, 'Unknown' = 4"),
                columns.get("status"));
        assertEquals("Nullable(UInt16)", columns.get("exception_code"));
        assertEquals("Nullable(String)", columns.get("exception_text"));
        for (SqlStatement statement : List.of(
                QueueStatements.lookupByToken(cluster.spec().clusterName(), "t"),
                QueueStatements.hostRows(cluster.spec().clusterName(), "query-0000000001"))) {
            admin.query("EXPLAIN " + statement.sql());
            try (HttpReadTransport reads =
                    new HttpReadTransport(Transports.HTTP.endpoint(cluster.member(0), cluster.admin(), "default"))) {
                ReadOutcome.Failed failed = assertInstanceOf(
                        ReadOutcome.Failed.class,
                        reads.read(statement, QueryContext.of("q-" + UUID.randomUUID())),
                        "this harness has no distributed-DDL worker");
                assertTrue(
                        failed.failure().summary().contains("DDL background thread is not initialized"),
                        failed.failure().summary());
            }
        }
    }

    @Test
    void preflightIsSatisfiedOnThePinnedServer(RunningCluster cluster) throws Exception {
        try (HttpReadTransport reads =
                new HttpReadTransport(Transports.HTTP.endpoint(cluster.member(0), cluster.admin(), "default"))) {
            CapabilityPreflight.Facts facts = CapabilityPreflight.read(
                    reads.read(CapabilityPreflight.statement(), QueryContext.of("pre-" + UUID.randomUUID()))
                            .rowsOrThrow());
            assertTrue(facts.satisfied(), facts.toString());
        }
    }

    @Test
    void classifierNamesAreTheServersNames(RunningCluster cluster) {
        MemberClient admin = cluster.member(0).client(cluster.admin());
        String codes = ServerErrorClassifier.table().keySet().stream()
                .map(String::valueOf)
                .collect(Collectors.joining(","));
        Map<Integer, String> server = admin.query("SELECT DISTINCT code, name FROM system.errors WHERE code IN ("
                        + codes + ") SETTINGS system_events_show_zero_values = 1")
                .lines()
                .map(line -> line.split("\t"))
                .collect(Collectors.toMap(p -> Integer.parseInt(p[0]), p -> p[1]));
        ServerErrorClassifier.table()
                .forEach((code, row) -> assertEquals(server.get(code), row.name(), "code " + code));
    }

    private static String quote(String sql) {
        return "'" + sql.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
