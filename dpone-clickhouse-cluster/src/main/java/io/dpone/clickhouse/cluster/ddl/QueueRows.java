package io.dpone.clickhouse.cluster.ddl;

import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.sql.QueueHostRow;
import io.dpone.clickhouse.cluster.sql.QueueLookupRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns SQL-layer queue rows into the pure {@link QueueRow}. Neither read selects
 * {@code query_create_time} (no rule depends on it), so it is {@link Instant#EPOCH}. A host row
 * with any ill-typed cell gets a NULL status, which every normalizer maps to OUTCOME_UNKNOWN. Public so
 * that every {@link io.dpone.clickhouse.cluster.ddl.DdlPort} (the testkit's simulator too) hands out
 * exactly the rows the adapter would. Pure.
 */
public final class QueueRows {
    private static final Instant NOT_READ = Instant.EPOCH;

    private QueueRows() {}

    /** One row per (entry, query, token) combination of the grouped lookup, so the binder sees every query. */
    public static List<QueueRow> fromLookup(String cluster, List<QueueLookupRow> lookup) {
        List<QueueRow> rows = new ArrayList<>();
        for (QueueLookupRow entry : lookup) {
            for (String query : entry.queries()) {
                for (String token : entry.logComments()) {
                    rows.add(new QueueRow(
                            entry.entry(),
                            null,
                            null,
                            null,
                            cluster,
                            query,
                            Map.of(QueueRow.LOG_COMMENT, token),
                            NOT_READ,
                            null,
                            null,
                            null,
                            null,
                            null,
                            null,
                            null));
                }
            }
        }
        return rows;
    }

    public static List<QueueRow> fromHostRows(String cluster, List<QueueHostRow> hostRows) {
        List<QueueRow> rows = new ArrayList<>();
        for (QueueHostRow row : hostRows) {
            Map<String, String> settings = new HashMap<>();
            row.logComment().ifPresent(token -> settings.put(QueueRow.LOG_COMMENT, token));
            Integer port = row.port()
                    .filter(p -> p >= 0 && p <= 65_535)
                    .map(Long::intValue)
                    .orElse(null);
            rows.add(new QueueRow(
                    row.entry(),
                    null,
                    null,
                    null,
                    cluster,
                    row.query(),
                    settings,
                    NOT_READ,
                    row.host().orElse(null),
                    port,
                    row.wellTyped() ? row.status().orElse(null) : null,
                    row.exceptionCode().map(String::valueOf).orElse(null),
                    row.exceptionText().orElse(null),
                    null,
                    null));
        }
        return rows;
    }
}
