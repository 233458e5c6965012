package io.dpone.clickhouse.cluster.port;

import io.dpone.clickhouse.cluster.sql.SqlStatement;

/**
 * Sends one mutation exactly once. An implementation makes exactly one transport invocation per
 * call: no driver retry, no reconnect, no redirect and no query replay, and it never routes the
 * call through a retry decorator. The query id and settings of {@code context} are passed as
 * separate driver arguments.
 *
 * <p>Never throws for server or network failures; every such failure is an outcome. Thread-safe:
 * concurrent calls are independent requests.
 */
public interface OneShotMutationTransport {
    MutationOutcome execute(SqlStatement statement, QueryContext context);
}
