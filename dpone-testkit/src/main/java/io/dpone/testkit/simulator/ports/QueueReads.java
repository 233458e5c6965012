package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.testkit.simulator.PortCall;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/** Reads of {@code system.distributed_ddl_queue} and settings through the worker's own member (no fan-out). */
final class QueueReads {
    private QueueReads() {
    }

    static <T> CatalogRead<T> read(PortContext context, PortCall call, Supplier<CatalogRead<T>> answer) {
        return Reads.run(context, call, List.of(), answer, CatalogRead.Unreadable::failed, SimCatalogPort::describe);
    }

    static <T> T read(PortContext context, PortCall call, Supplier<T> answer, Function<ReadFailure, T> failed) {
        return Reads.run(context, call, List.of(), answer, failed, String::valueOf);
    }
}
