package io.dpone.clickhouse.cluster.contract.reconcile;

import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;

/**
 * The queue column of the section 5 table: no entry, or the exact-host-set aggregate of the bound
 * entry (or its persisted terminal receipt). UNKNOWN covers unknown, absent-after-dispatch,
 * ambiguous and changed entries. LOST is for a cleanup drop only, and only once the record says so
 * (CLEANUP_PENDING without a bound entry): the drop provably never reached the server, or no entry
 * carried its token after the visibility wait. Its effect is unknown, but a drop of the exact
 * predecessor is monotonic, so section 6 lets it be redispatched; it never proves cleanup.
 */
public enum QueueResult {
    NO_ENTRY,
    IN_PROGRESS,
    TERMINAL_SUCCESS,
    TERMINAL_FAILURE,
    UNKNOWN,
    LOST;

    public boolean isTerminal() {
        return this == TERMINAL_SUCCESS || this == TERMINAL_FAILURE;
    }

    /** The result of an aggregate or a persisted receipt. */
    public static QueueResult of(QueueStatus status) {
        if (status == null) {
            return UNKNOWN;
        }
        return switch (status) {
            case IN_PROGRESS -> IN_PROGRESS;
            case TERMINAL_SUCCESS -> TERMINAL_SUCCESS;
            case TERMINAL_FAILURE -> TERMINAL_FAILURE;
            case OUTCOME_UNKNOWN -> UNKNOWN;
        };
    }
}
