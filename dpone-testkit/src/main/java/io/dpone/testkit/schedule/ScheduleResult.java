package io.dpone.testkit.schedule;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Set;

/**
 * What one schedule ended in: its outcome class and the stable code of its last attempt ("" when
 * committed), every invariant violation (empty when it held),
 * how many port calls and checked steps it took, for a failure what a replay needs, and the fault
 * classes that took effect ({@link ArmedFaults#exercised}).
 */
public record ScheduleResult(
        Schedule schedule,
        OutcomeClass outcome,
        String code,
        List<String> violations,
        long calls,
        long checks,
        String traceTail,
        Set<FaultClass> exercised) {
    public ScheduleResult {
        requireNonNull(schedule, "schedule is null");
        requireNonNull(outcome, "outcome is null");
        requireNonNull(code, "code is null");
        violations = List.copyOf(violations);
        requireNonNull(traceTail, "traceTail is null");
        exercised = exercised.isEmpty() ? Set.of() : Set.copyOf(exercised);
    }

    public boolean violated() {
        return !violations.isEmpty();
    }

    /** The seed, the schedule, the violations and the trace tail, and how to replay the seed. */
    public String report() {
        return "invariant violated in " + schedule.mode() + " schedule seed " + schedule.seed() + " (replay: -D"
                + schedule.replayProperty() + "=" + schedule.seed() + ")\n" + schedule
                + "\n  outcome: " + outcome.label() + "\n  violations:\n    " + String.join("\n    ", violations)
                + "\n  trace tail at the first violation:\n" + traceTail;
    }
}
