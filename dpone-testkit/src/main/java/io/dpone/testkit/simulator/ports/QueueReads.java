package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.WorldEvent;
import io.dpone.testkit.simulator.world.World;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * Reads of {@code system.distributed_ddl_queue} and settings through the worker's own member (no
 * fan-out). The queue is read from Keeper through the member's session without {@code sync}
 * ({@code StorageSystemDDLWorkerQueue} lists and gets the nodes with the server's ZooKeeper
 * client), so under a {@link io.dpone.testkit.simulator.SimulatorFault.StaleRead} a lagging follower serves
 * the queue as the session last saw it.
 */
final class QueueReads {
    private QueueReads() {}

    static <T> CatalogRead<T> read(PortContext context, PortCall call, Supplier<CatalogRead<T>> answer) {
        return Reads.run(context, call, List.of(), answer, CatalogRead.Unreadable::failed, SimCatalogPort::describe);
    }

    /** A queue read answered at the Keeper log index the member's session is served at ({@link World#keeperView}). */
    static <T> T read(PortContext context, PortCall call, LongFunction<T> answer, Function<ReadFailure, T> failed) {
        World world = context.world();
        return Reads.run(
                context,
                call,
                List.of(),
                started -> {
                    long view = world.keeperView(context.member(), started.stale);
                    T served = answer.apply(view);
                    if (started.stale
                            && !Objects.equals(
                                    served, answer.apply(world.keeperLog().latest()))) {
                        world.event(WorldEvent.STALE_READ);
                        world.trace(context.worker(), call + " served by a lagging follower");
                    }
                    return served;
                },
                failed,
                String::valueOf);
    }
}
