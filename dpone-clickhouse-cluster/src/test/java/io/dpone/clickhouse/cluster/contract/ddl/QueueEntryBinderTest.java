package io.dpone.clickhouse.cluster.contract.ddl;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.contract.ddl.EntryBinding.Bound;
import io.dpone.clickhouse.cluster.contract.ddl.EntryBinding.Reason;
import io.dpone.clickhouse.cluster.contract.ddl.EntryBinding.Unbound;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Binding a token to exactly one entry; collisions are never resolved by recency. */
class QueueEntryBinderTest {
    private static final QueueEntryBinder BINDER = new QueueEntryBinder(Sha256ProtocolDigests.INSTANCE);

    @Test
    void repeatedPerHostRowsOfOneEntryBindIt() {
        EntryBinding binding = BINDER.bind(
                "c1",
                "tok",
                List.of(row("query-1", HOST_A, "Active", null, null), row("query-1", HOST_B, "Finished", "0", "")));
        Bound bound = assertInstanceOf(Bound.class, binding);
        assertEquals("query-1", bound.entry().entry());
        assertEquals(
                Sha256ProtocolDigests.INSTANCE.ddlQuery("EXCHANGE TABLES db.t AND db.c ON CLUSTER c1"),
                bound.entry().queryDigest());
    }

    @Test
    void twoEntriesWithOneTokenAreACollisionNotTheNewest() {
        EntryBinding binding = BINDER.bind(
                "c1",
                "tok",
                List.of(row("query-1", HOST_A, "Finished", "0", ""), row("query-2", HOST_A, "Finished", "0", "")));
        assertEquals(new Unbound(Reason.MULTIPLE_ENTRIES), binding);
    }

    @Test
    void noMatchingRowIsNoEntry() {
        assertEquals(new Unbound(Reason.NO_ENTRY), BINDER.bind("c1", "tok", List.of()));
        assertEquals(
                new Unbound(Reason.NO_ENTRY),
                BINDER.bind("c2", "tok", List.of(row("query-1", HOST_A, "Active", null, null))));
        assertEquals(
                new Unbound(Reason.NO_ENTRY),
                BINDER.bind("c1", "other", List.of(row("query-1", HOST_A, "Active", null, null))));
    }

    @Test
    void oneEntryWithTwoQueryTextsIsInconsistent() {
        QueueRow first = row("query-1", HOST_A, "Active", null, null);
        QueueRow changed = new QueueRow(
                "query-1",
                5,
                null,
                null,
                "c1",
                "DROP TABLE db.t ON CLUSTER c1",
                Map.of(QueueRow.LOG_COMMENT, "tok"),
                T0,
                "ch-b",
                9000,
                "Active",
                null,
                null,
                null,
                null);
        assertEquals(new Unbound(Reason.INCONSISTENT_QUERY), BINDER.bind("c1", "tok", List.of(first, changed)));
    }
}
