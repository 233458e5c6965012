package io.dpone.spi.manifest;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * Lexical classification of a declared ClickHouse table engine name. Pure: the runtime still
 * verifies the engine every member actually reports.
 */
public final class TableEngines {
    private static final Pattern BARE_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9]{0,63}");
    private static final Set<String> DIRECT_MERGE_TREES = Set.of(
            "MergeTree",
            "ReplacingMergeTree",
            "SummingMergeTree",
            "AggregatingMergeTree",
            "CollapsingMergeTree",
            "VersionedCollapsingMergeTree",
            "GraphiteMergeTree",
            "CoalescingMergeTree");

    private TableEngines() {}

    /** A bare engine name without parameters, e.g. {@code ReplicatedMergeTree}. */
    public static boolean isWellFormed(String engine) {
        return BARE_NAME.matcher(engine).matches();
    }

    /**
     * A direct, non-replicated {@code *MergeTree}: the spec's external family. External mode admits
     * only the row-preserving {@code MergeTree} of it (its {@code RowPreservingTables}, ADR 0008).
     */
    public static boolean isDirectNonReplicated(String engine) {
        return DIRECT_MERGE_TREES.contains(engine);
    }

    /** A direct {@code Replicated*MergeTree}: the engine internal mode admits. */
    public static boolean isDirectReplicated(String engine) {
        return engine.startsWith("Replicated") && DIRECT_MERGE_TREES.contains(engine.substring("Replicated".length()));
    }
}
