package io.dpone.clickhouse.cluster.ddl;

import static io.dpone.clickhouse.cluster.ddl.DdlDispatchAdapterTest.CLUSTER;
import static io.dpone.clickhouse.cluster.ddl.DdlDispatchAdapterTest.EXCHANGE;
import static io.dpone.clickhouse.cluster.ddl.DdlDispatchAdapterTest.EXPECTED;
import static io.dpone.clickhouse.cluster.ddl.DdlDispatchAdapterTest.TOKEN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.ExactHostSetEntryAggregator;
import io.dpone.clickhouse.cluster.contract.ddl.PinnedQueueStatusNormalizer;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.adapter.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.sql.QueueStatements;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Per-host queue rows of a bound entry, read through the adapter from a fake transport, flow
 * through the pinned normalizer and the exact-host-set aggregator. Every status (the five enum
 * values, NULL and an unrecognized text) is crossed with every exception shape.
 */
class QueueHostRowsTest {
    private static final List<String> STATUSES =
            Arrays.asList("Inactive", "Active", "Finished", "Removing", "Unknown", null, "Bogus");
    private static final List<Object[]> EXCEPTIONS = List.of(
            new Object[] {null, null},
            new Object[] {0L, ""},
            new Object[] {1L, "boom"},
            new Object[] {0L, "boom"},
            new Object[] {1L, ""},
            new Object[] {null, "boom"},
            new Object[] {1L, null},
            new Object[] {0L, null},
            new Object[] {"NaN", "boom"});
    private static final Set<HostEndpoint> HOSTS = Set.of(new HostEndpoint("h1", 9000), new HostEndpoint("h2", 9000));

    /** The spec's pinned table, restated independently of the normalizer under test. */
    private static QueueStatus expected(String status, Object code, Object text) {
        if (code instanceof String) {
            return QueueStatus.OUTCOME_UNKNOWN; // an ill-typed cell is unknown evidence
        }
        if ("Inactive".equals(status) || "Active".equals(status)) {
            return code == null && text == null ? QueueStatus.IN_PROGRESS : QueueStatus.OUTCOME_UNKNOWN;
        }
        if ("Finished".equals(status) && code != null && text != null) {
            long value = (Long) code;
            String message = (String) text;
            if (value == 0 && message.isEmpty()) {
                return QueueStatus.TERMINAL_SUCCESS;
            }
            if (value > 0 && !message.isEmpty()) {
                return QueueStatus.TERMINAL_FAILURE;
            }
        }
        return QueueStatus.OUTCOME_UNKNOWN;
    }

    @Test
    void everyStatusAndExceptionCombinationReachesTheRightAggregate() {
        int checked = 0;
        for (String status : STATUSES) {
            for (Object[] exception : EXCEPTIONS) {
                List<List<Object>> rows = List.of(
                        hostRow("h1", status, exception[0], exception[1], TOKEN),
                        hostRow("h2", status, exception[0], exception[1], TOKEN));
                EntryAggregation aggregation = aggregate(rows);
                QueueStatus want = expected(status, exception[0], exception[1]);
                assertEquals(want, aggregation.outcome(), status + " " + Arrays.toString(exception));
                assertEquals(want, aggregation.perHost().get(new HostEndpoint("h1", 9000)));
                checked++;
            }
        }
        assertEquals(STATUSES.size() * EXCEPTIONS.size(), checked);
    }

    @Test
    void mixedHostsMissingHostsAndForeignTokensAggregateAsTheContractSays() {
        assertEquals(
                QueueStatus.TERMINAL_FAILURE,
                aggregate(List.of(
                                hostRow("h1", "Finished", 0L, "", TOKEN),
                                hostRow("h2", "Finished", 341L, "boom", TOKEN)))
                        .outcome());
        assertEquals(
                QueueStatus.IN_PROGRESS,
                aggregate(List.of(hostRow("h1", "Finished", 0L, "", TOKEN), hostRow("h2", "Active", null, null, TOKEN)))
                        .outcome());
        EntryAggregation missing = aggregate(List.of(hostRow("h1", "Finished", 0L, "", TOKEN)));
        assertEquals(QueueStatus.OUTCOME_UNKNOWN, missing.outcome());
        assertEquals(1, missing.missingHosts());
        EntryAggregation foreign = aggregate(
                List.of(hostRow("h1", "Finished", 0L, "", TOKEN), hostRow("h2", "Finished", 0L, "", "other-token")));
        assertEquals(QueueStatus.OUTCOME_UNKNOWN, foreign.outcome());
        assertEquals(1, foreign.mismatchedRows());
        EntryAggregation unexpected = aggregate(List.of(
                hostRow("h1", "Finished", 0L, "", TOKEN),
                hostRow("h2", "Finished", 0L, "", TOKEN),
                hostRow("h3", "Finished", 0L, "", TOKEN)));
        assertEquals(QueueStatus.OUTCOME_UNKNOWN, unexpected.outcome());
        assertEquals(1, unexpected.unexpectedRows());
    }

    private static EntryAggregation aggregate(List<List<Object>> hostRows) {
        ReadResult lookup = new ReadResult(
                List.of(QueueStatements.ENTRY, QueueStatements.QUERIES, QueueStatements.LOG_COMMENTS),
                List.of(DdlDispatchAdapterTest.entry("query-0000000007", EXCHANGE)));
        ReadResult hosts = new ReadResult(
                List.of(
                        QueueStatements.ENTRY,
                        QueueStatements.HOST,
                        QueueStatements.PORT,
                        QueueStatements.STATUS,
                        QueueStatements.EXCEPTION_CODE,
                        QueueStatements.EXCEPTION_TEXT,
                        QueueStatements.QUERY,
                        QueueStatements.LOG_COMMENT),
                hostRows);
        DdlDispatchAdapter adapter = new DdlDispatchAdapter(
                (statement, context) -> new ReadOutcome.Rows(
                        statement.equals(QueueStatements.lookupByToken(CLUSTER, TOKEN)) ? lookup : hosts),
                (statement, context) -> new MutationOutcome.NotSent(context.queryId(), "unused"),
                Sha256ProtocolDigests.INSTANCE,
                () -> "read-1",
                60);
        BoundEntry entry = assertInstanceOf(QueueLookup.Bound.class, adapter.lookup(EXPECTED))
                .entry();
        @SuppressWarnings("unchecked")
        List<QueueRow> rows = ((CatalogRead.Observed<List<QueueRow>>)
                        assertInstanceOf(CatalogRead.Observed.class, adapter.hostRows(entry)))
                .facts();
        return new ExactHostSetEntryAggregator(PinnedQueueStatusNormalizer.INSTANCE, Sha256ProtocolDigests.INSTANCE)
                .aggregate(entry, HOSTS, rows);
    }

    private static List<Object> hostRow(String host, String status, Object code, Object text, String token) {
        return new ArrayList<>(Arrays.asList("query-0000000007", host, 9000L, status, code, text, EXCHANGE, token));
    }
}
