package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.world.SimMember;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One read port call: the scheduling point, the connection (refused, timed out), the fan-out over
 * {@code fanOut} members when the read spans the cluster, then the answer, taken at this moment,
 * or a lost response when the schedule says so. A read has no effect, so a lost or unsent one
 * leaves the world as it was. Every failure reaches the caller as the failure value the real
 * adapters return through the port (never an exception): not sent is {@code NOT_SENT}
 * "Connection refused", a lost answer {@code NO_RESPONSE}, as the transport's
 * {@code FailureMapping.readFailure} classifies a connect failure and a read timeout.
 */
public final class Reads {
    private Reads() {}

    /** A read through the worker's own member. */
    public static <T> T run(
            PortContext context,
            PortCall call,
            List<SimMember> fanOut,
            Supplier<T> answer,
            Function<ReadFailure, T> failed,
            Function<T, String> describe) {
        return run(
                context,
                context.memberIndex(),
                context.member(),
                call,
                fanOut,
                started -> answer.get(),
                failed,
                describe);
    }

    /** A read through the worker's own member whose answer depends on the call's faults (a stale KeeperMap read). */
    public static <T> T run(
            PortContext context,
            PortCall call,
            List<SimMember> fanOut,
            Function<CallGate.Call, T> answer,
            Function<ReadFailure, T> failed,
            Function<T, String> describe) {
        return run(context, context.memberIndex(), context.member(), call, fanOut, answer, failed, describe);
    }

    /** A read through {@code member} (index {@code index}); a null member is an endpoint nobody listens on: refused. */
    public static <T> T run(
            PortContext context,
            int index,
            SimMember member,
            PortCall call,
            List<SimMember> fanOut,
            Supplier<T> answer,
            Function<ReadFailure, T> failed,
            Function<T, String> describe) {
        return run(context, index, member, call, fanOut, started -> answer.get(), failed, describe);
    }

    private static <T> T run(
            PortContext context,
            int index,
            SimMember member,
            PortCall call,
            List<SimMember> fanOut,
            Function<CallGate.Call, T> answer,
            Function<ReadFailure, T> failed,
            Function<T, String> describe) {
        CallGate.Call started = context.gate().begin(context.worker(), index, call, null, null);
        if (started.notSent() || member == null) {
            return context.gate()
                    .end(started, "not sent", failed.apply(Connection.readFailure(Connection.Reach.REFUSED)));
        }
        Connection.Reach reach = context.gate().reach(started, member);
        if (reach != Connection.Reach.ANSWERS) {
            return context.gate()
                    .end(
                            started,
                            reach == Connection.Reach.REFUSED ? "not sent" : "timed out",
                            failed.apply(Connection.readFailure(reach)));
        }
        Optional<ReadFailure> failure =
                fanOut.isEmpty() ? Optional.empty() : Connection.fanOut(context.world(), fanOut);
        T result = failure.map(failed).orElseGet(() -> answer.apply(started));
        context.gate().afterEffect(started);
        if (started.loses()) {
            return context.gate()
                    .end(
                            started,
                            "response lost",
                            failed.apply(new ReadFailure(
                                    ReadFailure.Kind.NO_RESPONSE, Optional.empty(), "response lost (simulated)")));
        }
        return context.gate().end(started, describe.apply(result), result);
    }
}
