package io.dpone.clickhouse.external.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.member.ColumnDefinition;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.TableEngines;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which targets external mode proves content against (pure): a plain MergeTree that keeps rows as
 * inserted, and its stored columns. The engine_full strings are as ClickHouse 26.7 renders them
 * (read from real members by {@code RealExternalEnginesTest}).
 */
class RowPreservingTablesTest {
    @Test
    void aPlainMergeTreeKeepsItsRows() {
        assertEquals(
                Optional.empty(),
                RowPreservingTables.refusal("MergeTree ORDER BY id SETTINGS index_granularity = 8192"));
        assertEquals(
                Optional.empty(),
                RowPreservingTables.refusal("MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (id, ts)"
                        + " SETTINGS non_replicated_deduplication_window = 0, index_granularity = 8192"));
        assertEquals(
                Optional.empty(),
                RowPreservingTables.refusal("MergeTree ORDER BY ttl_days"),
                "a column named like TTL");
        assertTrue(RowPreservingTables.admitsEngine("MergeTree"));
    }

    /** Every direct non-replicated engine of the spec's family other than MergeTree rewrites rows. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "ReplacingMergeTree",
                "SummingMergeTree",
                "AggregatingMergeTree",
                "CollapsingMergeTree",
                "VersionedCollapsingMergeTree",
                "GraphiteMergeTree",
                "CoalescingMergeTree"
            })
    void everyRowRewritingEngineIsRefusedDeclaredOrObserved(String engine) {
        assertTrue(TableEngines.isDirectNonReplicated(engine), "the spec's family");
        assertFalse(RowPreservingTables.admitsEngine(engine));
        assertTrue(RowPreservingTables.refusal(engine + "(sign) ORDER BY id SETTINGS index_granularity = 8192")
                .orElseThrow()
                .startsWith("the target's engine " + engine + " rewrites rows"));
    }

    @Test
    void aTableTtlOrADeduplicationWindowChangesRowsAndIsRefused() {
        assertEquals(
                Optional.of("the target has a table TTL, which removes or rewrites rows in merges"),
                RowPreservingTables.refusal(
                        "MergeTree ORDER BY id TTL ts + toIntervalDay(1) SETTINGS index_granularity = 8192"));
        assertTrue(
                RowPreservingTables.refusal("MergeTree ORDER BY id TTL ts + toIntervalDay(1) TO VOLUME 'cold'")
                        .isPresent(),
                "a TTL that only moves parts is refused too: dpone does not parse TTL expressions");
        assertTrue(
                RowPreservingTables.refusal("MergeTree ORDER BY id SETTINGS non_replicated_deduplication_window = 100,"
                                + " index_granularity = 8192")
                        .orElseThrow()
                        .contains("non_replicated_deduplication_window"));
    }

    @Test
    void storedColumnsLeaveOutAliasAndEphemeralAndRefuseMaterialized() {
        ColumnDefinition id = new ColumnDefinition("id", "UInt64");
        ColumnDefinition defaulted = new ColumnDefinition("d", "UInt64", "DEFAULT");
        assertEquals(
                List.of(id, defaulted),
                TargetColumns.stored(List.of(
                        id,
                        new ColumnDefinition("a", "UInt64", "ALIAS"),
                        new ColumnDefinition("e", "UInt64", "EPHEMERAL"),
                        defaulted)));
        DponeException materialized = assertThrows(
                DponeException.class,
                () -> TargetColumns.stored(List.of(id, new ColumnDefinition("m", "UInt64", "MATERIALIZED"))));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED, materialized.code());
        assertTrue(
                materialized.getMessage().startsWith("column 2 of the target is MATERIALIZED"),
                materialized.getMessage());
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED,
                assertThrows(
                                DponeException.class,
                                () -> TargetColumns.stored(List.of(new ColumnDefinition("x", "UInt64", "FUTURE"))))
                        .code());
    }

    /** Issue 19: a column's own TTL resets its values in merges. Red on main c884450: stored as ordinary. */
    @Test
    void aColumnWithATtlOfItsOwnIsRefused() {
        DponeException ttl = assertThrows(
                DponeException.class,
                () -> TargetColumns.stored(List.of(
                        new ColumnDefinition("id", "UInt64"),
                        new ColumnDefinition("v", "UInt64", "", "day + toIntervalDay(1)"))));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED, ttl.code());
        assertTrue(ttl.getMessage().startsWith("column 2 of the target has a TTL of its own"), ttl.getMessage());
    }

    /**
     * Issue 19: a table that does not set non_replicated_deduplication_window inherits the server's
     * merge_tree default, and so does an absent target's candidate. Red on main c884450: no such rule.
     */
    @Test
    void theServersDeduplicationDefaultCountsUnlessTheTableSetsItsOwn() {
        Optional<String> plain = Optional.of("MergeTree ORDER BY id SETTINGS index_granularity = 8192");
        assertEquals(Optional.empty(), RowPreservingTables.serverDefaultRefusal(plain, 0));
        assertTrue(RowPreservingTables.serverDefaultRefusal(plain, 100)
                .orElseThrow()
                .contains("non_replicated_deduplication_window (100)"));
        assertTrue(
                RowPreservingTables.serverDefaultRefusal(Optional.empty(), 5).isPresent(),
                "an absent target's candidates");
        assertEquals(
                Optional.empty(),
                RowPreservingTables.serverDefaultRefusal(
                        Optional.of("MergeTree ORDER BY id SETTINGS"
                                + " non_replicated_deduplication_window = 0, index_granularity = 8192"),
                        100),
                "the table's own 0 wins");
    }
}
