package io.dpone.testkit.randomized;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.schedule.AttemptOutcome;
import io.dpone.testkit.schedule.OutcomeClass;

/** Both modes' attempts classified for the schedule runner: a receipt by its outcome, a refusal by its code. */
final class Attempts {
    private Attempts() {}

    static AttemptOutcome outcome(Attempt attempt) {
        return new AttemptOutcome(
                classOf(attempt), attempt.code().map(Enum::name).orElse(""));
    }

    static OutcomeClass classOf(Attempt attempt) {
        if (attempt instanceof Attempt.Refused refused) {
            DponeErrorCode code = refused.error().code();
            if (code == DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT) {
                return OutcomeClass.CONFLICT;
            }
            return code == DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN
                    ? OutcomeClass.UNKNOWN
                    : OutcomeClass.REFUSED;
        }
        return switch (attempt.receipt().outcome()) {
            case COMMITTED -> OutcomeClass.COMMITTED;
            case WAITING ->
                "PARTIAL_IN_PROGRESS".equals(attempt.receipt().detail().get("classification"))
                        ? OutcomeClass.PARTIAL_IN_PROGRESS
                        : OutcomeClass.WAITING;
            case TERMINAL_PARTIAL -> OutcomeClass.TERMINAL_PARTIAL;
            case FAILED -> OutcomeClass.FAILED;
            case UNKNOWN -> OutcomeClass.UNKNOWN;
            case PREPARED -> OutcomeClass.PREPARED;
            case ABORTED -> OutcomeClass.ABORTED;
            default ->
                throw new IllegalStateException(
                        "a publication never ends " + attempt.receipt().outcome());
        };
    }
}
