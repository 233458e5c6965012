package io.dpone.testkit.simulator;

import io.dpone.clickhouse.cluster.port.StatementKind;

/**
 * One port call as the simulated server saw it: which worker made it, through which member, the
 * statement kind and client query id of a mutation (null for reads), and how it ended. A mutation
 * call is exactly one transport invocation, whatever its outcome.
 */
public record CallRecord(long sequence, long timeMillis, String worker, int member, PortCall call, StatementKind kind,
                         String queryId, String outcome) {
}
