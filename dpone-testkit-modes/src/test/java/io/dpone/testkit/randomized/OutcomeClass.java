package io.dpone.testkit.randomized;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.testkit.acceptance.Attempt;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** How a schedule ended, from its last attempt; {@link #REQUIRED} (internal) and {@link #REQUIRED_EXTERNAL} must each occur in a default run. */
enum OutcomeClass {
    COMMITTED,
    /** Members mixed and the original entry still running: the receipt's classification is PARTIAL_IN_PROGRESS. */
    PARTIAL_IN_PROGRESS,
    /** Any other wait: the entry running with no member committed yet, a cleanup entry still running, ... */
    WAITING,
    /** Members mixed and the original entry terminal. */
    TERMINAL_PARTIAL,
    /** Nothing proven: an unknown receipt, or a lost response to taking the slot. */
    UNKNOWN,
    /** Another operation holds the target unresolved: fenced. */
    CONFLICT,
    /** The entry failed on every member and no member changed. */
    FAILED,
    /** The operation holds the slot but nothing may have been sent. */
    PREPARED,
    /** Refused before taking the slot (drift, a member down, staging not proven, ...): nothing published. */
    REFUSED,
    /** Every worker that would have reported crashed, and nothing reran. */
    CRASHED,
    /** External mode: an unsupported pre-publication ending after exact owned cleanup (not success). */
    ABORTED;

    static final Set<OutcomeClass> REQUIRED =
            EnumSet.of(COMMITTED, PARTIAL_IN_PROGRESS, TERMINAL_PARTIAL, UNKNOWN, CONFLICT);
    /** External mode also has to reach a staging that stopped (prepared) and an unsupported ending (aborted). */
    static final Set<OutcomeClass> REQUIRED_EXTERNAL =
            EnumSet.of(COMMITTED, PARTIAL_IN_PROGRESS, TERMINAL_PARTIAL, UNKNOWN, CONFLICT, PREPARED, ABORTED);

    static OutcomeClass of(Attempt attempt) {
        if (attempt instanceof Attempt.Refused refused) {
            DponeErrorCode code = refused.error().code();
            if (code == DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT) {
                return CONFLICT;
            }
            return code == DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN ? UNKNOWN : REFUSED;
        }
        return switch (attempt.receipt().outcome()) {
            case COMMITTED -> COMMITTED;
            case WAITING ->
                "PARTIAL_IN_PROGRESS".equals(attempt.receipt().detail().get("classification"))
                        ? PARTIAL_IN_PROGRESS
                        : WAITING;
            case TERMINAL_PARTIAL -> TERMINAL_PARTIAL;
            case FAILED -> FAILED;
            case UNKNOWN -> UNKNOWN;
            case PREPARED -> PREPARED;
            case ABORTED -> ABORTED;
            default ->
                throw new IllegalStateException(
                        "a publication never ends " + attempt.receipt().outcome());
        };
    }

    /** True when rerunning the same invocation cannot change the outcome without an operator. */
    boolean settled() {
        return this == COMMITTED || this == TERMINAL_PARTIAL || this == FAILED || this == ABORTED;
    }

    /** The name in {@code bench/simulate.sh}'s summary line. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
