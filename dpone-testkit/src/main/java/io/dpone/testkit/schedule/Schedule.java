package io.dpone.testkit.schedule;

import static java.util.Objects.requireNonNull;

import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * One complete publication schedule, drawn from a seed by {@link ScheduleGenerator}: the cluster, the
 * workers racing in the first round, the faults armed at their steps, and the healing that follows.
 * Its {@link #toString()} is what a failure prints.
 *
 * @param targetRows rows of the existing target, or -1 for an absent target
 * @param facade the control facade beforehand
 * @param partialFacadeMember the one member a {@link Facade#PARTIAL} facade exists on
 * @param heal whether the healing round resumes, restarts and releases every member first
 * @param reruns how many times the healing round reruns each invocation at most
 * @param rerunMembers the member each rerun connects through, in order
 * @param mode {@value #INTERNAL} or {@value #EXTERNAL}: which service and cluster the schedule runs
 */
public record Schedule(
        long seed,
        int members,
        int targetRows,
        Facade facade,
        int partialFacadeMember,
        List<WorkerPlan> workers,
        List<PlannedFault> faults,
        boolean heal,
        int reruns,
        List<Integer> rerunMembers,
        String mode) {
    public static final String INTERNAL = "internal";
    public static final String EXTERNAL = "external";
    public static final String PRIMARY = "nightly-A";
    public static final String SECOND = "nightly-B";
    /** The system property that replays one internal seed ({@code RandomizedPublicationSchedulesTest}). */
    public static final String INTERNAL_REPLAY_PROPERTY = "dpone.randomized.seed";
    /** The system property that replays one external seed ({@code RandomizedExternalSchedulesTest}). */
    public static final String EXTERNAL_REPLAY_PROPERTY = "dpone.randomized.externalSeed";
    /** How external mode's draws describe an outside writer's change of a candidate row. */
    public static final String OUTSIDE_WRITER = "a row of member";

    private static final Set<FaultClass> OUTSIDE_WRITERS =
            EnumSet.of(FaultClass.CHANGED_ROW, FaultClass.OUTSIDE_INSERT, FaultClass.OUTSIDE_ALTER);

    /** The control facade before the first worker: absent (bootstrapped), on every member, or on one only. */
    public enum Facade {
        ABSENT,
        PRESENT,
        PARTIAL
    }

    public Schedule {
        requireNonNull(facade, "facade is null");
        workers = List.copyOf(workers);
        faults = List.copyOf(faults);
        rerunMembers = List.copyOf(rerunMembers);
        if (!INTERNAL.equals(mode) && !EXTERNAL.equals(mode)) {
            throw new IllegalArgumentException("mode is internal or external");
        }
    }

    /** The system property that replays one seed of this schedule's mode. */
    public String replayProperty() {
        return EXTERNAL.equals(mode) ? EXTERNAL_REPLAY_PROPERTY : INTERNAL_REPLAY_PROPERTY;
    }

    /**
     * The invocations in the order the healing round reruns them: the primary first, then a foreign
     * one. Never the primary after the foreign one: once another operation replaced a completed
     * record, a rerun of the primary would be a new publication of the same operation id.
     */
    public List<String> invocations() {
        return workers.stream().anyMatch(w -> w.invocation().equals(SECOND))
                ? List.of(PRIMARY, SECOND)
                : List.of(PRIMARY);
    }

    /**
     * True when a fault is an outside writer (external mode): one changing a candidate's row, or
     * issue 18's inserts into and ALTERs of the target; their rows are theirs, outside the protocol.
     * Matched on the fault class, and on external mode's description ({@link #OUTSIDE_WRITER}) of the
     * changed row; should either change, the published-content check runs on such schedules too and
     * fails loudly, never silently.
     */
    public boolean hasOutsideWriter() {
        return faults.stream()
                .anyMatch(fault ->
                        fault.description().startsWith(OUTSIDE_WRITER) || OUTSIDE_WRITERS.contains(fault.faultClass()));
    }

    /** The rows the invocation publishes (the same source for every worker of one invocation). */
    public int rows(String invocation) {
        return workers.stream()
                .filter(w -> w.invocation().equals(invocation))
                .mapToInt(WorkerPlan::rows)
                .findFirst()
                .orElse(1);
    }

    /**
     * One worker of the first round: its name, the member it connects through, its invocation and
     * source rows (external mode: a negative count is a source the sealer refuses for good).
     */
    public record WorkerPlan(String name, int member, String invocation, int rows) {
        public WorkerPlan {
            requireNonNull(name, "name is null");
            requireNonNull(invocation, "invocation is null");
        }

        @Override
        public String toString() {
            return name + "(member " + member + ", " + invocation + ", " + rows + " rows)";
        }
    }

    /** Builds a planned fault for one simulator; an action that found something to act on adds its class to {@code acted}. */
    @FunctionalInterface
    public interface FaultFactory {
        SimulatorFault build(ClusterSimulator simulator, Set<FaultClass> acted);
    }

    /**
     * A fault of a class at a step; built per simulator, since drift needs to look at the cluster
     * before it acts. A hand-written scenario's fault has no class (null) and is not counted.
     */
    public record PlannedFault(String description, FaultClass faultClass, Step step, FaultFactory fault) {
        public PlannedFault {
            requireNonNull(description, "description is null");
            requireNonNull(step, "step is null");
            requireNonNull(fault, "fault is null");
        }

        /** A hand-written scenario's fault (no class). */
        public PlannedFault(String description, Step step, Function<ClusterSimulator, SimulatorFault> fault) {
            this(description, null, step, (simulator, acted) -> fault.apply(simulator));
        }

        @Override
        public String toString() {
            return description + " at " + step;
        }
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        text.append(EXTERNAL.equals(mode) ? "external " : "")
                .append("schedule seed ")
                .append(seed)
                .append(": ")
                .append(members)
                .append(" members, target ")
                .append(targetRows < 0 ? "absent" : "with " + targetRows + " rows")
                .append(
                        switch (facade) {
                            case ABSENT -> ", no control facade";
                            case PRESENT -> ", control facade on every member";
                            case PARTIAL -> ", control facade only on member " + partialFacadeMember;
                        })
                .append('\n');
        text.append("  workers: ").append(workers).append('\n');
        faults.forEach(fault -> text.append("  fault: ").append(fault).append('\n'));
        text.append("  then: ")
                .append(heal ? "resume, restart and release every member, " : "no healing, ")
                .append("rerun ")
                .append(invocations())
                .append(" up to ")
                .append(reruns)
                .append(" times each via members ")
                .append(rerunMembers);
        return text.toString();
    }
}
