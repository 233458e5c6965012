package io.dpone.clickhouse.cluster.invocation;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.flow.Waits;
import java.util.Set;

/**
 * One invocation's context, in either mode: its waits (sleeper, cancellation, progress), its queue
 * resolver (which waits with the same cancellation) and the evidence its receipt will carry, of
 * the mode's type {@code E}. Used by one thread.
 */
public record Invocation<E extends InvocationEvidence<?>>(Waits waits, QueueEntryResolver queue, E evidence) {
    public Invocation {
        requireNonNull(waits, "waits is null");
        requireNonNull(queue, "queue is null");
        requireNonNull(evidence, "evidence is null");
    }

    /** Waits before the next look at a running entry, within the queue's completion bound; false when that bound is over or cancelled. */
    public boolean pause(String what, int attempt) {
        return waits.pause(what, attempt, queue.completion());
    }

    /** One read of a bound entry's rows over exactly {@code hosts}; an unreadable queue is unknown on every host. */
    public EntryAggregation read(BoundEntry entry, Set<HostEndpoint> hosts) {
        return queue.readOnce(entry, hosts);
    }
}
