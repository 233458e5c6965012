package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.testkit.simulator.FaultSchedule;
import io.dpone.testkit.simulator.LocalResult;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorAdmin;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.world.HostFaults;
import io.dpone.testkit.simulator.world.QueueEntry;
import io.dpone.testkit.simulator.world.ServerErrors;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.World;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A schedule's rules with their occurrence counters, for one simulation. */
public final class FaultState implements HostFaults {
    private final List<FaultSchedule.Rule> rules;
    private final List<int[]> matched = new ArrayList<>();
    private final SimulatorAdmin admin;
    private final World world;
    private final WorkerProcesses workers;
    private final Set<String> hostStarts = new HashSet<>();
    private final Map<String, SimulatorFault.HostError> hostErrors = new LinkedHashMap<>();
    private final Set<String> killsBeforeFinished = new HashSet<>();
    /** Every fault that fired at least once, by identity: what a run can report as exercised. */
    private final Set<SimulatorFault> firedFaults =
            java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    public FaultState(FaultSchedule schedule, SimulatorAdmin admin, World world, WorkerProcesses workers) {
        this.rules = new ArrayList<>();
        this.admin = admin;
        this.world = world;
        this.workers = workers;
        schedule.rules().forEach(this::add);
    }

    /** Arms one more rule; it counts occurrences from now. */
    public void add(FaultSchedule.Rule rule) {
        rules.add(rule);
        matched.add(new int[1]);
        if (rule.step() instanceof Step.At at) {
            world.schedule(at.time().toMillis(), () -> {
                firedFaults.add(rule.fault());
                applyWorld(rule.fault(), "at " + at.time());
            });
        }
    }

    /** The faults that fire for this call at {@code timing}, in rule order; world faults already applied. */
    List<SimulatorFault> onCall(Step.Timing timing, PortCall call, String worker, StatementKind kind, int member) {
        List<SimulatorFault> fired = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            if (rules.get(i).step() instanceof Step.Call step
                    && step.timing() == timing
                    && step.matches(call, worker, kind, member)
                    && fires(i, step.occurrence())) {
                SimulatorFault fault = rules.get(i).fault();
                firedFaults.add(fault);
                if (fault.changesWorld()) {
                    applyWorld(fault, "at " + call + " of " + worker);
                } else {
                    fired.add(fault);
                }
            }
        }
        return fired;
    }

    @Override
    public void beforeHostStarts(SimMember member, QueueEntry entry) {
        if (!hostStarts.add(member.index + "/" + entry.name)) {
            return;
        }
        for (int i = 0; i < rules.size(); i++) {
            if (rules.get(i).step() instanceof Step.HostExecutes step
                    && step.matches(member.index, entry.kind())
                    && fires(i, step.occurrence())) {
                SimulatorFault fault = rules.get(i).fault();
                firedFaults.add(fault);
                if (fault instanceof SimulatorFault.HostError error) {
                    hostErrors.putIfAbsent(member.index + "/" + entry.name, error);
                } else if (fault instanceof SimulatorFault.KillBeforeFinished) {
                    killsBeforeFinished.add(member.index + "/" + entry.name);
                } else {
                    applyWorld(fault, "as " + member.label() + " starts " + entry.name);
                }
            }
        }
    }

    @Override
    public LocalResult.Failed hostFailure(SimMember member, QueueEntry entry) {
        SimulatorFault.HostError error = hostErrors.remove(member.index + "/" + entry.name);
        return error == null ? null : ServerErrors.failed(error.code(), error.name(), error.text());
    }

    @Override
    public boolean killedBeforeFinished(SimMember member, QueueEntry entry) {
        return killsBeforeFinished.remove(member.index + "/" + entry.name);
    }

    /** Whether {@code fault} (armed in this simulation) fired at least once. */
    public boolean fired(SimulatorFault fault) {
        return firedFaults.contains(fault);
    }

    private boolean fires(int rule, int occurrence) {
        matched.get(rule)[0]++;
        return occurrence == 0 || matched.get(rule)[0] == occurrence;
    }

    private void applyWorld(SimulatorFault fault, String where) {
        // an admin fault's lambda has no stable toString: trace its label so the digest replays
        world.trace(
                "fault",
                (fault instanceof SimulatorFault.Admin labelled ? "Admin[" + labelled.label() + "]" : fault.toString())
                        + " " + where);
        if (fault instanceof SimulatorFault.PauseMember pause) {
            admin.pause(pause.member());
        } else if (fault instanceof SimulatorFault.ResumeMember resume) {
            admin.resume(resume.member());
        } else if (fault instanceof SimulatorFault.KillMember kill) {
            admin.kill(kill.member());
        } else if (fault instanceof SimulatorFault.RestartMember restart) {
            admin.restart(restart.member());
        } else if (fault instanceof SimulatorFault.CleanupQueue cleanup) {
            admin.cleanupQueue(cleanup.retention());
        } else if (fault instanceof SimulatorFault.Admin action) {
            action.action().accept(admin);
        } else if (fault instanceof SimulatorFault.ResumeWorker resume) {
            workers.resume(resume.worker());
        } else if (fault instanceof SimulatorFault.KillWorker kill) {
            workers.kill(kill.worker());
        }
    }
}
