package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.PortEvent;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.WorkerCrash;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.World;
import java.util.ArrayList;
import java.util.List;

/**
 * The entry of every simulated port call: a scheduling point (the request's latency, during which
 * every other due step runs), then the schedule's faults for the call, then the call record and
 * trace step once the call ended. A slow answer or a pause after the effect holds the composed
 * answer back from the worker at the call's end. Crashed and killed workers are unwound here.
 */
public final class CallGate {
    private final World world;
    private final FaultState faults;
    private final WorkerProcesses workers;
    private final List<CallRecord> records = new ArrayList<>();
    private long sequence;

    public CallGate(World world, FaultState faults, WorkerProcesses workers) {
        this.world = world;
        this.faults = faults;
        this.workers = workers;
    }

    /** One call in flight. {@link #response} is the fault that shapes its answer, if any. */
    public static final class Call {
        final String worker;
        final int member;
        final PortCall call;
        final StatementKind kind;
        final String queryId;
        final String token;
        SimulatorFault response;
        /** The first slow answer armed for this call, or null. */
        SimulatorFault.SlowAnswer slow;
        /** The call's KeeperMap reads are served by a lagging follower ({@link SimulatorFault.StaleRead}). */
        boolean stale;
        /** Pauses armed after the effect: the worker freezes once the answer is composed, before it has it. */
        final List<SimulatorFault.PauseWorker> pausesBeforeAnswer = new ArrayList<>();
        /** True once the member took the request: only an answer the server gives can be slow. */
        boolean reached;

        long heldMillis;

        Call(String worker, int member, PortCall call, StatementKind kind, String queryId, String token) {
            this.worker = worker;
            this.member = member;
            this.call = call;
            this.kind = kind;
            this.queryId = queryId;
            this.token = token;
        }

        public boolean loses() {
            return response instanceof SimulatorFault.LoseResponse;
        }

        public boolean notSent() {
            return response instanceof SimulatorFault.FailBeforeSend;
        }

        boolean duplicates() {
            return response instanceof SimulatorFault.DuplicateEntry;
        }

        /** The Keeper session lost with this KeeperMap write in flight, or null. */
        SimulatorFault.KeeperSessionLost sessionLoss() {
            return response instanceof SimulatorFault.KeeperSessionLost lost ? lost : null;
        }

        /** The rows a direct member insert commits before its connection breaks, or -1 when it is not interrupted. */
        public long interruptsAfter() {
            return response instanceof SimulatorFault.InterruptLoad interrupt ? interrupt.rows() : -1;
        }
    }

    public Call begin(String worker, int member, PortCall call, StatementKind kind, String queryId) {
        return begin(worker, member, call, kind, queryId, null);
    }

    /** {@link #begin} for a DDL dispatch carrying the correlation token {@code token}. */
    public Call begin(String worker, int member, PortCall call, StatementKind kind, String queryId, String token) {
        refuseDead(worker);
        world.scheduler().yieldFor(world.draw(world.timings().requestLatencyMs()));
        refuseDead(worker);
        Call started = new Call(worker, member, call, kind, queryId, token);
        for (SimulatorFault fault : faults.onCall(Step.Timing.BEFORE, call, worker, kind, member)) {
            if (fault instanceof SimulatorFault.CrashWorker) {
                crash(started, "before " + call);
            } else if (fault instanceof SimulatorFault.PauseWorker pause) {
                started.heldMillis += workers.pause(worker, pause, "before " + call);
            } else if (fault instanceof SimulatorFault.SlowAnswer slow) {
                started.slow = started.slow == null ? slow : started.slow;
            } else if (fault instanceof SimulatorFault.StaleRead) {
                started.stale = true;
            } else if (started.response == null) {
                started.response = fault;
            }
            unwindIfKilled(started, "before " + call);
        }
        unwindIfKilled(started, "before " + call);
        refuseDead(worker);
        if (!world.observers().isEmpty()) {
            PortEvent event = new PortEvent(worker, member, call, kind, queryId, token, started.notSent());
            world.observers().forEach(observer -> observer.beforeServer(event));
        }
        return started;
    }

    /** Whether {@code member} takes the call's request now (waiting out a paused one); only a taken request has an answer to hold. */
    public Connection.Reach reach(Call call, SimMember member) {
        Connection.Reach reach = Connection.reach(world, member);
        call.reached = reach == Connection.Reach.ANSWERS;
        return reach;
    }

    /** A wait of virtual time by the worker's injected sleeper: a scheduling point like any call. */
    public void sleep(String worker, int member, long millis) {
        refuseDead(worker);
        Call started = new Call(worker, member, PortCall.SLEEP, null, null, null);
        for (SimulatorFault fault : faults.onCall(Step.Timing.BEFORE, PortCall.SLEEP, worker, null, member)) {
            if (fault instanceof SimulatorFault.CrashWorker) {
                crash(started, "before sleeping");
            } else if (fault instanceof SimulatorFault.PauseWorker pause) {
                started.heldMillis += workers.pause(worker, pause, "before sleeping");
            }
            unwindIfKilled(started, "before sleeping");
        }
        unwindIfKilled(started, "before sleeping");
        world.scheduler().yieldFor(millis);
        end(started, "slept " + millis + " ms", null);
    }

    /** The server applied the call's effect; observers see it, then faults after the effect fire. */
    public void afterEffect(Call call) {
        if (!world.observers().isEmpty()) {
            PortEvent event =
                    new PortEvent(call.worker, call.member, call.call, call.kind, call.queryId, call.token, false);
            world.observers().forEach(observer -> observer.afterServer(event));
        }
        for (SimulatorFault fault :
                faults.onCall(Step.Timing.AFTER_EFFECT, call.call, call.worker, call.kind, call.member)) {
            if (fault instanceof SimulatorFault.CrashWorker) {
                crash(call, "after the effect of " + call.call);
            } else if (fault instanceof SimulatorFault.PauseWorker pause) {
                call.pausesBeforeAnswer.add(pause);
            }
        }
        unwindIfKilled(call, "after the effect of " + call.call);
    }

    /** The answer reaches the worker (after any slow answer or pause) and the call is recorded. */
    public <T> T end(Call call, String outcome, T result) {
        if (call.slow != null && call.reached) {
            long delay = call.slow.delay().toMillis();
            world.trace(call.worker, "answer of " + call.call + " held " + delay + " ms (slow answer)");
            world.scheduler().yieldFor(delay);
            call.heldMillis += delay;
            unwindIfKilled(call, "while the answer of " + call.call + " was slow");
        }
        for (SimulatorFault.PauseWorker pause : call.pausesBeforeAnswer) {
            call.heldMillis += workers.pause(call.worker, pause, "after the effect of " + call.call);
            unwindIfKilled(call, "while paused after the effect of " + call.call);
        }
        unwindIfKilled(call, "before the answer of " + call.call);
        record(call, outcome);
        return result;
    }

    public List<CallRecord> records() {
        return records;
    }

    private void record(Call call, String outcome) {
        CallRecord record = new CallRecord(
                sequence++,
                world.now(),
                call.worker,
                call.member,
                call.call,
                call.kind,
                call.queryId,
                outcome,
                call.heldMillis);
        records.add(record);
        world.trace(
                call.worker,
                call.call + (call.kind == null ? "" : " " + call.kind)
                        + (call.call.isMemberSession() ? " to member" : " via member") + call.member
                        + " -> " + outcome);
        world.observers().forEach(observer -> observer.afterCall(record));
    }

    private void crash(Call call, String where) {
        workers.crash(call.worker);
        record(call, "worker crashed");
        throw new WorkerCrash(call.worker, where);
    }

    /** A worker killed by a {@link SimulatorFault.KillWorker} meanwhile dies at this point of its call. */
    private void unwindIfKilled(Call call, String where) {
        if (workers.crashed(call.worker)) {
            crash(call, where);
        }
    }

    private void refuseDead(String worker) {
        if (world.scheduler().bug() != null) {
            throw new IllegalStateException(
                    "simulator defect in a background step", world.scheduler().bug());
        }
        if (workers.crashed(worker)) {
            throw new WorkerCrash(worker, "earlier and cannot call ports any more");
        }
    }
}
