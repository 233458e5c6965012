package io.dpone.clickhouse.cluster.port;

import io.dpone.clickhouse.cluster.sql.SqlStatement;

/**
 * Runs one read and returns its rows or a failure value. Reads have no effects, so a decorator
 * may retry them by policy; a read transport is never used for mutations. Thread-safe.
 */
public interface ReadTransport {
    ReadOutcome read(SqlStatement statement, QueryContext context);
}
