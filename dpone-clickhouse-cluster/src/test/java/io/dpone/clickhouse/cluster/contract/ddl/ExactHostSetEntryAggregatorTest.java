package io.dpone.clickhouse.cluster.contract.ddl;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Entry aggregation over the exact host set (spec section 4, last paragraphs; offline test table). */
class ExactHostSetEntryAggregatorTest {
    private static final String ENTRY = "query-0000000001";
    private static final EntryAggregator AGGREGATOR =
            new ExactHostSetEntryAggregator(PinnedQueueStatusNormalizer.INSTANCE, Sha256ProtocolDigests.INSTANCE);
    private static final BoundEntry BOUND = new BoundEntry(
            "c1", ENTRY, Sha256ProtocolDigests.INSTANCE.ddlQuery("EXCHANGE TABLES db.t AND db.c ON CLUSTER c1"), "tok");

    private static QueueRow ok(HostEndpoint host) {
        return row(ENTRY, host, "Finished", "0", "");
    }

    private static QueueRow failed(HostEndpoint host) {
        return row(ENTRY, host, "Finished", "42", "Code: 42");
    }

    private static QueueRow active(HostEndpoint host) {
        return row(ENTRY, host, "Active", null, null);
    }

    private static EntryAggregation aggregate(QueueRow... rows) {
        return AGGREGATOR.aggregate(BOUND, TWO_HOSTS, List.of(rows));
    }

    @Test
    void terminalSuccessOnlyWhenEveryExpectedHostFinishedCleanly() {
        EntryAggregation aggregation = aggregate(ok(HOST_A), ok(HOST_B));
        assertEquals(QueueStatus.TERMINAL_SUCCESS, aggregation.outcome());
        assertTrue(aggregation.exactHostSet());
        assertEquals(
                Map.of(HOST_A, QueueStatus.TERMINAL_SUCCESS, HOST_B, QueueStatus.TERMINAL_SUCCESS),
                aggregation.perHost());
    }

    @Test
    void terminalFailureWhenOneFailedAndOthersAreWellFormedTerminal() {
        assertEquals(
                QueueStatus.TERMINAL_FAILURE,
                aggregate(ok(HOST_A), failed(HOST_B)).outcome());
        assertEquals(
                QueueStatus.TERMINAL_FAILURE,
                aggregate(failed(HOST_A), failed(HOST_B)).outcome());
    }

    @Test
    void inProgressWhenAnyRowIsActiveAndNoneUnknown() {
        assertEquals(
                QueueStatus.IN_PROGRESS, aggregate(ok(HOST_A), active(HOST_B)).outcome());
        assertEquals(
                QueueStatus.IN_PROGRESS,
                aggregate(failed(HOST_A), active(HOST_B)).outcome());
    }

    @Test
    void unknownRowDominatesEverything() {
        QueueRow removing = row(ENTRY, HOST_B, "Removing", "0", "");
        assertEquals(
                QueueStatus.OUTCOME_UNKNOWN, aggregate(ok(HOST_A), removing).outcome());
        assertEquals(
                QueueStatus.OUTCOME_UNKNOWN,
                aggregate(active(HOST_A), row(ENTRY, HOST_B, null, null, null)).outcome());
    }

    @Test
    void missingHostIsUnknownEvenWhenTheRestFinished() {
        EntryAggregation aggregation = aggregate(ok(HOST_A));
        assertEquals(QueueStatus.OUTCOME_UNKNOWN, aggregation.outcome());
        assertEquals(1, aggregation.missingHosts());
        assertEquals(QueueStatus.OUTCOME_UNKNOWN, aggregation.perHost().get(HOST_B));
    }

    @Test
    void extraHostIsUnknown() {
        EntryAggregation aggregation = aggregate(ok(HOST_A), ok(HOST_B), ok(HOST_C));
        assertEquals(QueueStatus.OUTCOME_UNKNOWN, aggregation.outcome());
        assertEquals(1, aggregation.unexpectedRows());
    }

    @Test
    void duplicateHostRowsAreUnknownEvenWhenIdentical() {
        EntryAggregation aggregation = aggregate(ok(HOST_A), ok(HOST_B), ok(HOST_B));
        assertEquals(QueueStatus.OUTCOME_UNKNOWN, aggregation.outcome());
        assertEquals(1, aggregation.duplicateHosts());
    }

    @Test
    void rowWithNullHostOrPortIsUnknown() {
        assertEquals(
                QueueStatus.OUTCOME_UNKNOWN,
                aggregate(ok(HOST_A), ok(HOST_B), row(ENTRY, null, "Finished", "0", ""))
                        .outcome());
    }

    @Test
    void rowOfAnotherEntryOrChangedQueryIsUnknown() {
        QueueRow otherEntry = row("query-0000000009", HOST_B, "Finished", "0", "");
        EntryAggregation aggregation = aggregate(ok(HOST_A), ok(HOST_B), otherEntry);
        assertEquals(QueueStatus.OUTCOME_UNKNOWN, aggregation.outcome());
        assertEquals(1, aggregation.mismatchedRows());
        BoundEntry changedQuery =
                new BoundEntry("c1", ENTRY, Sha256ProtocolDigests.INSTANCE.ddlQuery("DROP TABLE x"), "tok");
        assertEquals(
                QueueStatus.OUTCOME_UNKNOWN,
                AGGREGATOR
                        .aggregate(changedQuery, TWO_HOSTS, List.of(ok(HOST_A), ok(HOST_B)))
                        .outcome());
        BoundEntry otherToken = new BoundEntry("c1", ENTRY, BOUND.queryDigest(), "other");
        assertEquals(
                QueueStatus.OUTCOME_UNKNOWN,
                AGGREGATOR
                        .aggregate(otherToken, TWO_HOSTS, List.of(ok(HOST_A), ok(HOST_B)))
                        .outcome());
    }

    @Test
    void noRowsOrNoExpectedHostsIsUnknown() {
        assertEquals(QueueStatus.OUTCOME_UNKNOWN, aggregate().outcome());
        EntryAggregation empty = AGGREGATOR.aggregate(BOUND, java.util.Set.of(), List.of());
        assertEquals(QueueStatus.OUTCOME_UNKNOWN, empty.outcome());
        assertFalse(empty.outcome().isTerminal());
    }
}
