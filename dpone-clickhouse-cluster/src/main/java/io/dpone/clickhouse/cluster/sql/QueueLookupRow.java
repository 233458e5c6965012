package io.dpone.clickhouse.cluster.sql;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** One entry matched by {@link QueueStatements#lookupByToken}: its distinct queries and tokens. */
public record QueueLookupRow(String entry, List<String> queries, List<String> logComments) {
    public QueueLookupRow {
        requireNonNull(entry, "entry is null");
        queries = List.copyOf(requireNonNull(queries, "queries is null"));
        logComments = List.copyOf(requireNonNull(logComments, "logComments is null"));
    }
}
