package io.dpone.testkit.fault;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.sql.SqlStatement;

/**
 * Acts on the world at an exact point of a mutation's life in {@link FaultInjectingTransport}:
 * right before it is sent, and right after the server answered (before the caller sees the
 * answer, or learns that it was withheld). A real-cluster acceptance backend arms its faults with
 * it: pause a member right before a statement, crash the caller by throwing an {@link Error}, or
 * lose a response by returning {@link TransportFault#LOSE_RESPONSE_AFTER_EXECUTE}. Reads never reach it.
 * Implementations must be thread-safe: workers call it concurrently.
 */
public interface SendHook {
    /** Does nothing and never overrides the plan. */
    SendHook NONE = new SendHook() {};

    /**
     * Called for every mutation before anything is sent. A fault other than {@link TransportFault#NONE}
     * replaces the plan's decision for this call; anything thrown propagates to the caller with
     * nothing sent.
     */
    default TransportFault beforeSend(SqlStatement statement, QueryContext context) {
        return TransportFault.NONE;
    }

    /** Called after each send of a mutation reached the server, with the server's real answer. */
    default void afterSend(SqlStatement statement, QueryContext context, MutationOutcome outcome) {}
}
