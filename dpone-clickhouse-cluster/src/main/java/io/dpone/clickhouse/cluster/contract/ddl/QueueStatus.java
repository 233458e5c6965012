package io.dpone.clickhouse.cluster.contract.ddl;

/** The normalized status of one queue row or of one whole entry (spec section 4). */
public enum QueueStatus {
    IN_PROGRESS,
    TERMINAL_SUCCESS,
    TERMINAL_FAILURE,
    OUTCOME_UNKNOWN;

    public boolean isTerminal() {
        return this == TERMINAL_SUCCESS || this == TERMINAL_FAILURE;
    }
}
