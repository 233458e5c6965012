package io.dpone.testkit.simulator;

import io.dpone.clickhouse.cluster.sql.StatementKind;

/**
 * One port call as the simulated server saw it: which worker made it, through which member, the
 * statement kind and client query id of a mutation (null for reads), and how it ended. A mutation
 * call is exactly one transport invocation, whatever its outcome. {@code heldMillis} is the virtual
 * time the call spent with its worker paused ({@link SimulatorFault.PauseWorker}) or its answer held back
 * ({@link SimulatorFault.SlowAnswer}); {@code timeMillis} is when the answer reached the worker.
 */
public record CallRecord(
        long sequence,
        long timeMillis,
        String worker,
        int member,
        PortCall call,
        StatementKind kind,
        String queryId,
        String outcome,
        long heldMillis) {
    public CallRecord {
        if (heldMillis < 0) {
            throw new IllegalArgumentException("heldMillis is not negative");
        }
    }

    /** A call that was neither paused nor slow. */
    public CallRecord(
            long sequence,
            long timeMillis,
            String worker,
            int member,
            PortCall call,
            StatementKind kind,
            String queryId,
            String outcome) {
        this(sequence, timeMillis, worker, member, call, kind, queryId, outcome, 0);
    }
}
