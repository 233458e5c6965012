package io.dpone.clickhouse.cluster.contract.ddl;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Map;

/**
 * One {@code system.distributed_ddl_queue} row as the pinned 24.8 server returns it: one row per
 * entry and host. Nullable server columns are nullable here. {@code status} is the raw enum text
 * (unknown strings are representable) and {@code exceptionCode} is the raw decimal text of the
 * Nullable(UInt16) column, so NULL, negative, unparseable and contradictory evidence all survive
 * to the normalizer instead of failing in the adapter. {@code toString} reveals no field values.
 */
public record QueueRow(
        String entry,
        Integer entryVersion,
        String initiatorHost,
        Integer initiatorPort,
        String cluster,
        String query,
        Map<String, String> settings,
        Instant queryCreateTime,
        String host,
        Integer port,
        String status,
        String exceptionCode,
        String exceptionText,
        Instant queryFinishTime,
        Long queryDurationMs) {
    /** The settings key the protocol correlates through (spec section 4). */
    public static final String LOG_COMMENT = "log_comment";

    public QueueRow {
        requireNonNull(entry, "entry is null");
        requireNonNull(cluster, "cluster is null");
        requireNonNull(query, "query is null");
        settings = Map.copyOf(requireNonNull(settings, "settings is null"));
        requireNonNull(queryCreateTime, "queryCreateTime is null");
    }

    /** The row's {@code settings['log_comment']}, or null when the key is absent. */
    public String logComment() {
        return settings.get(LOG_COMMENT);
    }

    @Override
    public String toString() {
        return "QueueRow[redacted]";
    }
}
