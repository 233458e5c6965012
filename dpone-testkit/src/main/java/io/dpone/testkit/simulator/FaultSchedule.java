package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

/**
 * An immutable list of (step, fault) rules. Each rule fires at its step's occurrence (every
 * occurrence when it is 0); rules are checked in the order they were added. Build one per scenario
 * and pass it to {@link ClusterSimulator.Builder#faults}.
 */
public final class FaultSchedule {
    /** One rule. */
    public record Rule(Step step, SimulatorFault fault) {
        public Rule {
            requireNonNull(step, "step is null");
            requireNonNull(fault, "fault is null");
        }
    }

    private final List<Rule> rules;

    private FaultSchedule(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    public static FaultSchedule none() {
        return new FaultSchedule(List.of());
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<Rule> rules() {
        return rules;
    }

    @Override
    public String toString() {
        return "FaultSchedule" + rules;
    }

    /** Collects rules and refuses impossible combinations. Not thread-safe. */
    public static final class Builder {
        private final List<Rule> rules = new ArrayList<>();

        private Builder() {}

        public Builder at(Step step, SimulatorFault fault) {
            requireNonNull(step, "step is null");
            requireNonNull(fault, "fault is null");
            check(step, fault);
            rules.add(new Rule(step, fault));
            return this;
        }

        public FaultSchedule build() {
            return new FaultSchedule(rules);
        }

        private static void check(Step step, SimulatorFault fault) {
            boolean response = fault instanceof SimulatorFault.LoseResponse
                    || fault instanceof SimulatorFault.FailBeforeSend
                    || fault instanceof SimulatorFault.DuplicateEntry
                    || fault instanceof SimulatorFault.InterruptLoad
                    || fault instanceof SimulatorFault.SlowAnswer
                    || fault instanceof SimulatorFault.StaleRead
                    || fault instanceof SimulatorFault.KeeperSessionLost;
            if (response) {
                if (!(step instanceof Step.Call call) || call.timing() != Step.Timing.BEFORE) {
                    throw new IllegalArgumentException(
                            fault + " shapes one call's answer: use a call step without afterEffect()");
                }
                if (call.call() == PortCall.SLEEP) {
                    throw new IllegalArgumentException(fault + " cannot apply to a sleep");
                }
                if (fault instanceof SimulatorFault.DuplicateEntry
                        && call.call() != PortCall.DDL_DISPATCH
                        && call.call() != PortCall.DDL_SETUP) {
                    throw new IllegalArgumentException("a duplicate entry needs a DDL_DISPATCH or DDL_SETUP step");
                }
                if (fault instanceof SimulatorFault.InterruptLoad && call.call() != PortCall.MEMBER_INSERT) {
                    throw new IllegalArgumentException("an interrupted load needs a MEMBER_INSERT step");
                }
                if (fault instanceof SimulatorFault.StaleRead
                        && !SimulatorFault.StaleRead.READS_FROM_KEEPER.contains(call.call())) {
                    throw new IllegalArgumentException("a stale read needs a call that reads Keeper: "
                            + SimulatorFault.StaleRead.READS_FROM_KEEPER);
                }
                if (fault instanceof SimulatorFault.KeeperSessionLost
                        && call.call() != PortCall.CONTROL_CAS
                        && call.call() != PortCall.CONTROL_INSERT) {
                    throw new IllegalArgumentException(
                            "a Keeper session lost mid-write needs a CONTROL_CAS or CONTROL_INSERT step");
                }
            }
            if ((fault instanceof SimulatorFault.CrashWorker || fault instanceof SimulatorFault.PauseWorker)
                    && !(step instanceof Step.Call)) {
                throw new IllegalArgumentException("a worker crashes or pauses at one of its calls: use a call step");
            }
            if (fault instanceof SimulatorFault.PauseWorker
                    && step instanceof Step.Call call
                    && call.call() == PortCall.SLEEP
                    && call.timing() == Step.Timing.AFTER_EFFECT) {
                throw new IllegalArgumentException("a sleep has no effect to pause after: pause before it");
            }
            if (fault instanceof SimulatorFault.ResumeWorker resume
                    && step instanceof Step.Call call
                    && resume.worker().equals(call.worker())) {
                throw new IllegalArgumentException("a paused worker makes no calls: resume " + resume.worker()
                        + " at another worker's call, a time or a host step");
            }
            boolean hostFault =
                    fault instanceof SimulatorFault.HostError || fault instanceof SimulatorFault.KillBeforeFinished;
            if (hostFault != (step instanceof Step.HostExecutes) && !fault.changesWorld()) {
                throw new IllegalArgumentException(
                        "a host error or a kill before finished/ belongs to a hostExecutes step,"
                                + " and nothing else does but world faults");
            }
        }
    }
}
