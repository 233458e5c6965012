package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.StatementKind;

/**
 * A port call as it reaches the server ({@link StepObserver#beforeServer}): the worker, the member
 * it goes through, the statement kind and client query id of a mutation (null for reads), and the
 * correlation token ({@code log_comment}) of a DDL dispatch (null otherwise). {@code notSent} is
 * true when a {@code failBeforeSend} fault keeps it from the server.
 */
public record PortEvent(
        String worker, int member, PortCall call, StatementKind kind, String queryId, String token, boolean notSent) {
    public PortEvent {
        requireNonNull(worker, "worker is null");
        requireNonNull(call, "call is null");
    }
}
