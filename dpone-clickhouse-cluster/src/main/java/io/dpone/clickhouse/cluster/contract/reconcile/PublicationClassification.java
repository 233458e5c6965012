package io.dpone.clickhouse.cluster.contract.reconcile;

import io.dpone.spi.error.DponeErrorCode;
import java.util.Optional;

/** The aggregate classification and action of spec section 5, plus the state machine's InProgress. */
public enum PublicationClassification {
    /** All pending, PREPARED, no entry: the first dispatch is permitted after an acknowledged, verified CAS. */
    DISPATCH_PERMITTED_AFTER_CAS,
    /** Post-dispatch, the exact entry is still active and no replica is mixed: wait for it. */
    IN_PROGRESS,
    /** Pending/committed mix and the exact entry is active: wait for the original entry only. */
    PARTIAL_IN_PROGRESS,
    /** All committed and the exact entry is terminal: commit proven, proceed to cleanup. */
    COMMIT_PROVEN_PROCEED_TO_CLEANUP,
    /** Pending/committed mix and the exact entry is terminal: fail closed, retain both generations. */
    PARTIAL_TERMINAL,
    /** All pending after dispatch and the entry failed terminally: V1 fails closed. */
    ALL_PENDING_TERMINAL_FAILURE,
    /** Anything else: prohibit DDL and cleanup. */
    OUTCOME_UNKNOWN;

    public boolean permitsDispatch() {
        return this == DISPATCH_PERMITTED_AFTER_CAS;
    }

    public boolean permitsCleanup() {
        return this == COMMIT_PROVEN_PROCEED_TO_CLEANUP;
    }

    public boolean isWaiting() {
        return this == IN_PROGRESS || this == PARTIAL_IN_PROGRESS;
    }

    /** The stable error an invocation ends with when it stops here, if this is a failure. */
    public Optional<DponeErrorCode> failureCode() {
        return switch (this) {
            case PARTIAL_TERMINAL -> Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_PUBLICATION_TERMINAL_MIXED);
            case ALL_PENDING_TERMINAL_FAILURE, OUTCOME_UNKNOWN ->
                Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED);
            default -> Optional.empty();
        };
    }
}
