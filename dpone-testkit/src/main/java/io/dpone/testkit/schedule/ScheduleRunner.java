package io.dpone.testkit.schedule;

import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.MemberState;
import io.dpone.testkit.simulator.MemberView;
import io.dpone.testkit.simulator.WorkerCrash;
import io.dpone.testkit.simulator.WorkerOutcome;
import io.dpone.testkit.simulator.WorkerPorts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Runs one {@link Schedule} on a fresh simulator with a mode's real service ({@link ModeRuns}): the
 * first round races the workers with the faults armed, then the healing round (optionally resuming,
 * restarting and releasing every member) reruns each invocation until it settles or its reruns run
 * out. The mode's {@link InvariantChecker} watches every step; every mutation query id must have made
 * one transport call; the outcome is classified from the last attempt.
 */
public final class ScheduleRunner {
    /** Trace steps a report shows ({@code -Ddpone.randomized.traceLines}, default 40). */
    public static final int TRACE_LINES = Integer.getInteger("dpone.randomized.traceLines", 40);

    private ScheduleRunner() {}

    public static ScheduleResult run(Schedule schedule, ModeRuns mode) {
        ClusterSimulator simulator = mode.build(
                ClusterSimulator.builder().members(schedule.members()).seed(schedule.seed()));
        InvariantChecker checker = mode.checker(simulator);
        simulator.observeSteps(checker);
        try (ModeRuns.World world = mode.open(simulator, schedule)) {
            ArmedFaults armed = ArmedFaults.arm(simulator, schedule);
            List<String> defects = new ArrayList<>();
            Map<String, AttemptOutcome> latest = firstRound(schedule, simulator, world, defects);
            if (schedule.heal()) {
                heal(simulator);
            }
            Iterator<Integer> members = schedule.rerunMembers().iterator();
            int rerun = 0;
            for (String invocation : schedule.invocations()) {
                // a scheduler reruns an invocation only until it learned that it committed
                for (int i = 0; i < schedule.reruns() && !committed(latest.get(invocation)); i++) {
                    WorkerPorts ports = simulator.worker("heal" + (++rerun), members.next());
                    AttemptOutcome attempt = publish(world, ports, invocation, schedule.rows(invocation), defects);
                    if (attempt == null) {
                        break;
                    }
                    latest.put(invocation, attempt);
                    if (attempt.outcome().settled()) {
                        break;
                    }
                    simulator.advance(Duration.ofSeconds(1));
                }
            }
            List<String> order = schedule.invocations();
            AttemptOutcome last = latest.get(order.get(order.size() - 1));
            simulator.observe().calls().mutationsByQueryId().forEach((queryId, count) -> {
                if (count != 1) {
                    defects.add("mutation query id " + queryId + " made " + count + " transport calls");
                }
            });
            defects.addAll(world.settledDefects(schedule));
            List<String> violations = new ArrayList<>(checker.violations());
            violations.addAll(defects);
            String trace = checker.violations().isEmpty()
                    ? simulator.trace().tailText(TRACE_LINES)
                    : checker.traceAtFirstViolation();
            return new ScheduleResult(
                    schedule,
                    last == null ? OutcomeClass.CRASHED : last.outcome(),
                    last == null ? "" : last.code(),
                    violations,
                    simulator.observe().calls().records().size(),
                    checker.checks(),
                    trace,
                    armed.exercised());
        }
    }

    /** The workers race; returns each invocation's last attempt (in worker order); none when all its workers crashed. */
    private static Map<String, AttemptOutcome> firstRound(
            Schedule schedule, ClusterSimulator simulator, ModeRuns.World world, List<String> defects) {
        Map<String, AttemptOutcome> latest = new HashMap<>();
        if (schedule.workers().size() == 1) {
            Schedule.WorkerPlan plan = schedule.workers().get(0);
            AttemptOutcome attempt = publish(
                    world, simulator.worker(plan.name(), plan.member()), plan.invocation(), plan.rows(), defects);
            if (attempt != null) {
                latest.put(plan.invocation(), attempt);
            }
            return latest;
        }
        List<ClusterSimulator.Worker<AttemptOutcome>> workers = new ArrayList<>();
        for (Schedule.WorkerPlan plan : schedule.workers()) {
            workers.add(new ClusterSimulator.Worker<>(
                    simulator.worker(plan.name(), plan.member()),
                    ports -> world.attempt(ports, plan.invocation(), plan.rows())));
        }
        Map<String, WorkerOutcome<AttemptOutcome>> outcomes = simulator.run(workers);
        for (Schedule.WorkerPlan plan : schedule.workers()) {
            WorkerOutcome<AttemptOutcome> ended = outcomes.get(plan.name());
            if (ended instanceof WorkerOutcome.Returned<AttemptOutcome> returned) {
                latest.put(plan.invocation(), returned.value());
            } else if (ended instanceof WorkerOutcome.Threw<AttemptOutcome> threw) {
                defects.add(plan.name() + " threw " + described(threw.thrown()));
            }
        }
        return latest;
    }

    private static boolean committed(AttemptOutcome attempt) {
        return attempt != null && attempt.outcome() == OutcomeClass.COMMITTED;
    }

    /** One publication on the calling thread; null when the worker crashed. */
    private static AttemptOutcome publish(
            ModeRuns.World world, WorkerPorts ports, String invocation, int rows, List<String> defects) {
        try {
            return world.attempt(ports, invocation, rows);
        } catch (WorkerCrash crashed) {
            return null;
        } catch (RuntimeException | AssertionError defect) {
            defects.add(ports.name() + " threw " + described(defect));
            return null;
        }
    }

    /** The throwable and the frames that locate it (first line: what the summary groups by). */
    private static String described(Throwable thrown) {
        StringBuilder text = new StringBuilder(thrown.toString());
        StackTraceElement[] frames = thrown.getStackTrace();
        for (int i = 0; i < Math.min(8, frames.length); i++) {
            text.append("\n        at ").append(frames[i]);
        }
        return text.toString();
    }

    /** Every paused member resumes, every killed one restarts, every stalled DDL worker goes on. */
    private static void heal(ClusterSimulator simulator) {
        for (MemberView member : simulator.observe().members()) {
            if (member.state() == MemberState.PAUSED) {
                simulator.admin().resume(member.index());
            } else if (member.state() == MemberState.KILLED) {
                simulator.admin().restart(member.index());
            }
            simulator.admin().releaseDdl(member.index());
        }
        simulator.advance(Duration.ofSeconds(3));
    }
}
