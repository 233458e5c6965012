package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.testkit.simulator.MemberState;
import io.dpone.testkit.simulator.world.ServerErrors;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.World;
import java.util.List;
import java.util.Optional;

/**
 * A worker's connection to its member and the fan-out reads through it. A killed member refuses the
 * connection (nothing sent); a paused one accepts it and never answers, so the client waits until it
 * resumes or the socket timeout passes. A {@code clusterAllReplicas} read with
 * {@code skip_unavailable_shards = 0} fails as a whole when any member is killed (279 after the
 * connection tries) or paused (159 at {@code max_execution_time}).
 */
public final class Connection {
    public enum Reach {
        ANSWERS,
        REFUSED,
        TIMED_OUT
    }

    private Connection() {}

    /** Waits, in virtual time, for {@code member} to take the request. */
    static Reach reach(World world, SimMember member) {
        if (member.state == MemberState.PAUSED) {
            world.scheduler()
                    .await(member.resumed, world.timings().socketTimeout().toMillis());
        }
        return switch (member.state) {
            case UP -> Reach.ANSWERS;
            case KILLED -> Reach.REFUSED;
            case PAUSED -> Reach.TIMED_OUT;
        };
    }

    /** The read failure a client sees when its own member does not answer. */
    static ReadFailure readFailure(Reach reach) {
        return reach == Reach.REFUSED
                ? new ReadFailure(ReadFailure.Kind.NOT_SENT, Optional.empty(), "ConnectException: Connection refused")
                : new ReadFailure(
                        ReadFailure.Kind.NO_RESPONSE, Optional.empty(), "SocketTimeoutException: Read timed out");
    }

    /** The failure of a fan-out read over {@code members}, after waiting out paused ones; empty when all answer. */
    static Optional<ReadFailure> fanOut(World world, List<SimMember> members) {
        long deadline = world.now() + world.timings().readTimeout().toMillis();
        while (true) {
            if (members.stream().anyMatch(m -> m.state == MemberState.KILLED)) {
                return Optional.of(ReadFailure.server(ServerError.fromRaw(
                        ServerErrors.ALL_CONNECTION_TRIES_FAILED,
                        ServerErrors.format(
                                ServerErrors.ALL_CONNECTION_TRIES_FAILED,
                                "ALL_CONNECTION_TRIES_FAILED",
                                "All connection tries failed"))));
            }
            Optional<SimMember> paused =
                    members.stream().filter(m -> m.state == MemberState.PAUSED).findFirst();
            if (paused.isEmpty()) {
                return Optional.empty();
            }
            if (world.now() >= deadline || !world.scheduler().await(paused.get().resumed, deadline - world.now())) {
                long seconds = world.timings().readTimeout().toSeconds();
                return Optional.of(ReadFailure.server(ServerError.fromRaw(
                        ServerErrors.TIMEOUT_EXCEEDED,
                        ServerErrors.format(
                                ServerErrors.TIMEOUT_EXCEEDED,
                                "TIMEOUT_EXCEEDED",
                                "Timeout exceeded: elapsed " + seconds + " seconds, maximum: " + seconds))));
            }
        }
    }
}
