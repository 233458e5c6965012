package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.port.StatementKind;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.Fault;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.PortEvent;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.WorkerCrash;
import io.dpone.testkit.simulator.world.World;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The entry of every simulated port call: a scheduling point (the request's latency, during which
 * every other due step runs), then the schedule's faults for the call, then the call record and
 * trace step once the call ended. Crashed workers are unwound here.
 */
public final class CallGate {
    private final World world;
    private final FaultState faults;
    private final List<CallRecord> records = new ArrayList<>();
    private final Set<String> crashed = new HashSet<>();
    private long sequence;

    public CallGate(World world, FaultState faults) {
        this.world = world;
        this.faults = faults;
    }

    /** One call in flight. {@link #response} is the fault that shapes its answer, if any. */
    public static final class Call {
        final String worker;
        final int member;
        final PortCall call;
        final StatementKind kind;
        final String queryId;
        final String token;
        Fault response;

        Call(String worker, int member, PortCall call, StatementKind kind, String queryId, String token) {
            this.worker = worker;
            this.member = member;
            this.call = call;
            this.kind = kind;
            this.queryId = queryId;
            this.token = token;
        }

        boolean loses() {
            return response instanceof Fault.LoseResponse;
        }

        boolean notSent() {
            return response instanceof Fault.FailBeforeSend;
        }

        boolean duplicates() {
            return response instanceof Fault.DuplicateEntry;
        }

        /** The rows a direct member insert commits before its connection breaks, or -1 when it is not interrupted. */
        long interruptsAfter() {
            return response instanceof Fault.InterruptLoad interrupt ? interrupt.rows() : -1;
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
        for (Fault fault : faults.onCall(Step.Timing.BEFORE, call, worker, kind, member)) {
            if (fault instanceof Fault.CrashWorker) {
                crash(started, "before " + call);
            }
            if (started.response == null) {
                started.response = fault;
            }
        }
        refuseDead(worker);
        if (!world.observers().isEmpty()) {
            PortEvent event = new PortEvent(worker, member, call, kind, queryId, token, started.notSent());
            world.observers().forEach(observer -> observer.beforeServer(event));
        }
        return started;
    }

    /** A wait of virtual time by the worker's injected sleeper: a scheduling point like any call. */
    public void sleep(String worker, int member, long millis) {
        refuseDead(worker);
        Call started = new Call(worker, member, PortCall.SLEEP, null, null, null);
        for (Fault fault : faults.onCall(Step.Timing.BEFORE, PortCall.SLEEP, worker, null, member)) {
            if (fault instanceof Fault.CrashWorker) {
                crash(started, "before sleeping");
            }
        }
        world.scheduler().yieldFor(millis);
        end(started, "slept " + millis + " ms", null);
    }

    /** The server applied the call's effect; faults after the effect fire now. */
    public void afterEffect(Call call) {
        for (Fault fault : faults.onCall(Step.Timing.AFTER_EFFECT, call.call, call.worker, call.kind, call.member)) {
            if (fault instanceof Fault.CrashWorker) {
                crash(call, "after the effect of " + call.call);
            }
        }
    }

    public <T> T end(Call call, String outcome, T result) {
        CallRecord record = new CallRecord(sequence++, world.now(), call.worker, call.member, call.call, call.kind,
                call.queryId, outcome);
        records.add(record);
        world.trace(call.worker, call.call + (call.kind == null ? "" : " " + call.kind)
                + (call.call.isMemberSession() ? " to member" : " via member") + call.member
                + " -> " + outcome);
        world.observers().forEach(observer -> observer.afterCall(record));
        return result;
    }

    public List<CallRecord> records() {
        return records;
    }

    private void crash(Call call, String where) {
        crashed.add(call.worker);
        end(call, "worker crashed", null);
        throw new WorkerCrash(call.worker, where);
    }

    private void refuseDead(String worker) {
        if (world.scheduler().bug() != null) {
            throw new IllegalStateException("simulator defect in a background step", world.scheduler().bug());
        }
        if (crashed.contains(worker)) {
            throw new WorkerCrash(worker, "earlier and cannot call ports any more");
        }
    }
}
