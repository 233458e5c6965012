package io.dpone.testkit.schedule;

import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.WorkerPorts;
import java.util.List;

/**
 * What one mode's schedules run on ({@link ScheduleRunner} runs the rest): its simulator, its
 * invariants, and per schedule the world its real service publishes into.
 */
public interface ModeRuns {
    /** The mode's simulator, from a builder that already has the schedule's members and seed. */
    ClusterSimulator build(ClusterSimulator.Builder simulator);

    /** The mode's invariant checker on {@code simulator}; the runner installs it before anything else runs. */
    InvariantChecker checker(ClusterSimulator simulator);

    /** The schedule's world before its faults are armed: databases, the target, the control facade. */
    World open(ClusterSimulator simulator, Schedule schedule);

    /** One schedule's world: the real service publishes into it; closed when the run ends. */
    interface World extends AutoCloseable {
        /**
         * One publication by the mode's real service through {@code ports}, its evidence scanned for
         * leaks (an {@link AssertionError} when it leaks); a crashed worker's {@code WorkerCrash} passes.
         */
        AttemptOutcome attempt(WorkerPorts ports, String invocation, int rows);

        /** Defects only the settled world shows, checked once every invocation ran. */
        default List<String> settledDefects(Schedule schedule) {
            return List.of();
        }

        @Override
        default void close() {}
    }
}
