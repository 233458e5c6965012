package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.world.SimMember;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One read port call through the worker's member: the scheduling point, the connection (refused,
 * timed out), the fan-out over {@code fanOut} members when the read spans the cluster, then the
 * answer, or a lost response when the schedule says so.
 */
final class Reads {
    private Reads() {
    }

    static <T> T run(PortContext context, PortCall call, List<SimMember> fanOut, Supplier<T> answer,
            Function<ReadFailure, T> failed, Function<T, String> describe) {
        CallGate.Call started = context.gate().begin(context.worker(), context.memberIndex(), call, null, null);
        if (started.notSent()) {
            return context.gate().end(started, "not sent", failed.apply(Connection.readFailure(Connection.Reach.REFUSED)));
        }
        Connection.Reach reach = Connection.reach(context.world(), context.member());
        if (reach != Connection.Reach.ANSWERS) {
            return context.gate().end(started, reach == Connection.Reach.REFUSED ? "not sent" : "timed out",
                    failed.apply(Connection.readFailure(reach)));
        }
        Optional<ReadFailure> failure = fanOut.isEmpty() ? Optional.empty() : Connection.fanOut(context.world(), fanOut);
        T result = failure.map(failed).orElseGet(answer);
        context.gate().afterEffect(started);
        if (started.loses()) {
            return context.gate().end(started, "response lost", failed.apply(
                    new ReadFailure(ReadFailure.Kind.NO_RESPONSE, Optional.empty(), "response lost (simulated)")));
        }
        return context.gate().end(started, describe.apply(result), result);
    }
}
