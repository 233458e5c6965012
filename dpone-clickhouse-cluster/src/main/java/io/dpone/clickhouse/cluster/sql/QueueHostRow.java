package io.dpone.clickhouse.cluster.sql;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * One raw per-host row of a queue entry, before status normalisation. Nullable columns are
 * {@link Optional}; {@code wellTyped} is false when any cell had an unexpected shape (for
 * example a non-integer exception code), which the normaliser must treat as unknown evidence.
 */
public record QueueHostRow(
        String entry,
        Optional<String> host,
        Optional<Long> port,
        Optional<String> status,
        Optional<Long> exceptionCode,
        Optional<String> exceptionText,
        String query,
        Optional<String> logComment,
        boolean wellTyped) {
    public QueueHostRow {
        requireNonNull(entry, "entry is null");
        requireNonNull(host, "host is null");
        requireNonNull(port, "port is null");
        requireNonNull(status, "status is null");
        requireNonNull(exceptionCode, "exceptionCode is null");
        requireNonNull(exceptionText, "exceptionText is null");
        requireNonNull(query, "query is null");
        requireNonNull(logComment, "logComment is null");
    }
}
