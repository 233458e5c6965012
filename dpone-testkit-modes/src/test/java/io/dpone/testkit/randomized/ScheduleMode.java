package io.dpone.testkit.randomized;

/** One publication mode's randomized schedules: what a seed draws, and how the drawn schedule runs. Pure per seed. */
interface ScheduleMode {
    Schedule generate(long seed);

    /** Runs the schedule on a fresh simulator with the mode's real service and invariant checker. */
    ScheduleResult run(Schedule schedule);
}
