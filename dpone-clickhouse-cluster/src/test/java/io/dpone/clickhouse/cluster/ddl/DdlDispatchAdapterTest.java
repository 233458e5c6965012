package io.dpone.clickhouse.cluster.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.QueueLookup.Reason;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadResult;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.clickhouse.cluster.port.SqlStatement;
import io.dpone.clickhouse.cluster.sql.DdlQueryParser;
import io.dpone.clickhouse.cluster.sql.DdlStatementType;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.QueueStatements;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Dispatch and queue binding against fake transports: every binding rule, offline. */
class DdlDispatchAdapterTest {
    static final String CLUSTER = "c1";
    static final String TOKEN = "dpone-ch-v1." + "a".repeat(64) + ".exchange.1." + "b".repeat(32);
    static final TableRef TARGET = new TableRef("pub", "events");
    static final TableRef CANDIDATE = new TableRef("pub", "events__cand");
    static final String EXCHANGE = DdlStatements.exchange(CLUSTER, TARGET, CANDIDATE).sql();
    static final ExpectedDdl EXPECTED = new ExpectedDdl(DdlStatementType.EXCHANGE_TABLES, CLUSTER, "pub",
            Optional.of("events"), Optional.of("events__cand"), TOKEN);

    private final List<SqlStatement> reads = new ArrayList<>();
    private final List<QueryContext> sent = new ArrayList<>();

    private DdlDispatchAdapter adapter(ReadOutcome answer) {
        return new DdlDispatchAdapter((statement, context) -> {
            reads.add(statement);
            return answer;
        }, (statement, context) -> {
            sent.add(context);
            return new MutationOutcome.Rejected(context.queryId(), ServerError.fromRaw(392, "disabled"));
        }, Sha256ProtocolDigests.INSTANCE, () -> "read-1");
    }

    static ReadOutcome lookupRows(List<List<Object>> rows) {
        return new ReadOutcome.Rows(new ReadResult(List.of(QueueStatements.ENTRY, QueueStatements.QUERIES,
                QueueStatements.LOG_COMMENTS), rows));
    }

    static List<Object> entry(String name, String... queries) {
        return List.of(name, List.of(queries), List.of(TOKEN));
    }

    @Test
    void exactlyOneMatchingEntryIsBoundWithItsDigests() {
        QueueLookup lookup = adapter(lookupRows(List.of(entry("query-0000000007", EXCHANGE)))).lookup(EXPECTED);
        QueueLookup.Bound bound = assertInstanceOf(QueueLookup.Bound.class, lookup);
        assertEquals("query-0000000007", bound.entry().entry());
        assertEquals(CLUSTER, bound.entry().cluster());
        assertEquals(TOKEN, bound.entry().correlationToken());
        assertEquals(Sha256ProtocolDigests.INSTANCE.ddlQuery(EXCHANGE), bound.entry().queryDigest());
        assertEquals(DdlQueryParser.normalizedDigest(EXCHANGE).orElseThrow(), bound.normalizedQueryDigest());
        assertEquals(QueueStatements.lookupByToken(CLUSTER, TOKEN), reads.get(0), "lookup by exact cluster and token");
    }

    @Test
    void twoEntriesWithTheTokenAreUnknownAndTheNewestIsNeverSelected() {
        QueueLookup lookup = adapter(lookupRows(List.of(entry("query-0000000007", EXCHANGE),
                entry("query-0000000008", EXCHANGE)))).lookup(EXPECTED);
        assertEquals(new QueueLookup.Unknown(Reason.MULTIPLE_ENTRIES), lookup);
    }

    @Test
    void noEntryIsUnknownNotNotEnqueued() {
        assertEquals(new QueueLookup.Unknown(Reason.NO_ENTRY), adapter(lookupRows(List.of())).lookup(EXPECTED));
    }

    @Test
    void anEntryWithTwoQueryTextsIsInconsistent() {
        String rename = DdlStatements.rename(CLUSTER, CANDIDATE, TARGET).sql();
        assertEquals(new QueueLookup.Unknown(Reason.INCONSISTENT_QUERY),
                adapter(lookupRows(List.of(entry("query-0000000007", EXCHANGE, rename)))).lookup(EXPECTED));
    }

    @Test
    void aQueryForAnotherStatementTableDatabaseOrClusterIsAMismatch() {
        List<String> others = List.of(
                DdlStatements.rename(CLUSTER, CANDIDATE, TARGET).sql(),
                DdlStatements.exchange(CLUSTER, new TableRef("pub", "other"), CANDIDATE).sql(),
                DdlStatements.exchange(CLUSTER, TARGET, new TableRef("pub", "other")).sql(),
                DdlStatements.exchange(CLUSTER, new TableRef("pub2", "events"), new TableRef("pub2", "events__cand")).sql(),
                DdlStatements.exchange("c2", TARGET, CANDIDATE).sql(),
                DdlStatements.dropIfExists(CLUSTER, CANDIDATE).sql());
        for (String other : others) {
            assertEquals(new QueueLookup.Unknown(Reason.QUERY_MISMATCH),
                    adapter(lookupRows(List.<List<Object>>of(entry("query-0000000007", other)))).lookup(EXPECTED), other);
        }
    }

    @Test
    void anUnparseableQueryIsUnknown() {
        assertEquals(new QueueLookup.Unknown(Reason.QUERY_UNPARSEABLE),
                adapter(lookupRows(List.of(entry("query-0000000007", "SELECT 1")))).lookup(EXPECTED));
    }

    @Test
    void anUnreadableOrMalformedQueueIsUnknown() {
        ReadOutcome failed = new ReadOutcome.Failed(ReadOutcome.ReadFailure.server(
                ServerError.fromRaw(49, "DDL background thread is not initialized")));
        assertEquals(new QueueLookup.Unknown(Reason.QUEUE_UNREADABLE), adapter(failed).lookup(EXPECTED));
        List<Object> malformed = new ArrayList<>(entry("query-0000000007", EXCHANGE));
        malformed.set(1, "not an array");
        assertEquals(new QueueLookup.Unknown(Reason.MALFORMED_ROWS),
                adapter(lookupRows(List.of(malformed))).lookup(EXPECTED));
        assertEquals(new QueueLookup.Unknown(Reason.MALFORMED_ROWS), adapter(lookupRows(List.of(
                entry("query-0000000007", EXCHANGE), entry("query-0000000007")))).lookup(EXPECTED),
                "a repeated entry name or an entry without a query is not a grouped lookup");
    }

    @Test
    void dispatchIsOneCallWithExactlyTheFourSettings() {
        DdlDispatchAdapter adapter = adapter(lookupRows(List.of()));
        MutationOutcome outcome = adapter.dispatch(DdlStatements.exchange(CLUSTER, TARGET, CANDIDATE), "ddl-1", TOKEN, 60);
        assertInstanceOf(MutationOutcome.Rejected.class, outcome);
        assertEquals(1, sent.size());
        assertEquals(Map.of(ServerSetting.SKIP_UNAVAILABLE_SHARDS, "0", ServerSetting.DISTRIBUTED_DDL_OUTPUT_MODE, "throw",
                ServerSetting.DISTRIBUTED_DDL_TASK_TIMEOUT, "60", ServerSetting.LOG_COMMENT, TOKEN), sent.get(0).settings());
        assertEquals("ddl-1", sent.get(0).queryId());
        assertThrows(IllegalArgumentException.class, () -> adapter.dispatch(SqlStatement.read("SELECT 1"), "q", TOKEN, 60));
        assertEquals(1, sent.size(), "a refused call sends nothing");
    }
}
