package io.dpone.testkit.schedule;

import static java.util.Objects.requireNonNull;

/** How one attempt ended: its outcome class and stable error code ("" when it has none). */
public record AttemptOutcome(OutcomeClass outcome, String code) {
    public AttemptOutcome {
        requireNonNull(outcome, "outcome is null");
        requireNonNull(code, "code is null");
    }
}
