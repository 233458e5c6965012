package io.dpone.testkit.schedule;

import static java.util.Objects.requireNonNull;

/**
 * One publication mode's randomized schedules: the generator that draws a seed's schedule with the
 * mode's draws, and the mode's hooks that run it. Pure per seed.
 */
public record ScheduleMode(ScheduleGenerator generator, ModeRuns runs) {
    public ScheduleMode {
        requireNonNull(generator, "generator is null");
        requireNonNull(runs, "runs is null");
    }

    public Schedule generate(long seed) {
        return generator.generate(seed);
    }

    /** Runs the schedule on a fresh simulator with the mode's real service and invariants. */
    public ScheduleResult run(Schedule schedule) {
        return ScheduleRunner.run(schedule, runs);
    }
}
