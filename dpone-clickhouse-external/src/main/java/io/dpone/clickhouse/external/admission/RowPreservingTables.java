package io.dpone.clickhouse.external.admission;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tables external mode can prove content against: a plain {@code MergeTree}, which stores
 * exactly the rows inserted into it, in inserts and in merges (docs/adr/0008, "Row-preserving
 * tables"). The other direct engines rewrite rows while inserting ({@code optimize_on_insert}) and
 * in background merges, so a candidate is never exactly the artifact for long: Replacing, Summing,
 * Aggregating, Collapsing, VersionedCollapsing, Graphite, Coalescing. A plain MergeTree is refused
 * too when its {@code engine_full} has a table TTL (a delete, {@code WHERE} or {@code GROUP BY}
 * TTL removes or rewrites rows in merges; dpone does not parse TTL expressions, so a TTL that only
 * moves parts is refused as well) or a non-zero {@code non_replicated_deduplication_window} (an
 * insert block equal to an earlier one is dropped; {@code insert_deduplicate = 0} does not stop it,
 * observed on ClickHouse 26.7); a table that does not set the window inherits the server's default,
 * which must then be 0 ({@link #serverDefaultRefusal}). Pure.
 */
public final class RowPreservingTables {
    /** The one engine name external mode admits. */
    public static final String ENGINE = "MergeTree";

    private static final Pattern TTL = Pattern.compile("(^|\\s)TTL\\s");
    private static final Pattern DEDUPLICATION =
            Pattern.compile("non_replicated_deduplication_window\\s*=\\s*'?(\\d+)");

    private RowPreservingTables() {}

    /** A declared engine (the manifest's, for an absent target) external mode can stage. */
    public static boolean admitsEngine(String declared) {
        return ENGINE.equals(requireNonNull(declared, "declared is null"));
    }

    /**
     * Why the server's default {@code non_replicated_deduplication_window} would drop insert blocks
     * of the target ({@code engineFull}, empty for an absent target, whose candidates set nothing),
     * or empty: a table that sets the window itself is judged by {@link #refusal}, any other
     * inherits the server's {@code merge_tree} default (system.merge_tree_settings), which must be 0.
     */
    public static Optional<String> serverDefaultRefusal(Optional<String> engineFull, long serverDefault) {
        boolean own = engineFull.map(full -> DEDUPLICATION.matcher(full).find()).orElse(false);
        if (own || serverDefault == 0) {
            return Optional.empty();
        }
        return Optional.of(
                "a member's server sets non_replicated_deduplication_window (" + serverDefault + ") for every"
                        + " MergeTree table that does not set its own, which drops an insert block equal to an earlier one; set"
                        + " non_replicated_deduplication_window = 0 on the target");
    }

    /** Why a member's observed {@code engine_full} does not keep rows as inserted, or empty. */
    public static Optional<String> refusal(String engineFull) {
        requireNonNull(engineFull, "engineFull is null");
        Optional<String> engine = EngineNames.leading(engineFull);
        if (engine.isEmpty() || !admitsEngine(engine.get())) {
            return Optional.of(
                    "the target's engine " + engine.orElse("(unreadable)") + " rewrites rows on insert and in"
                            + " merges; external mode proves content only for a plain " + ENGINE);
        }
        if (TTL.matcher(engineFull).find()) {
            return Optional.of("the target has a table TTL, which removes or rewrites rows in merges");
        }
        Matcher deduplication = DEDUPLICATION.matcher(engineFull);
        while (deduplication.find()) {
            if (!deduplication.group(1).chars().allMatch(c -> c == '0')) {
                return Optional.of(
                        "the target sets non_replicated_deduplication_window, which drops an insert block equal to"
                                + " an earlier one");
            }
        }
        return Optional.empty();
    }
}
