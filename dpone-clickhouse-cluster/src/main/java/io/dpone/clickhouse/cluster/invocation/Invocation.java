package io.dpone.clickhouse.cluster.invocation;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.flow.PhaseTimings;
import io.dpone.clickhouse.cluster.flow.ReceiptTimes;
import io.dpone.clickhouse.cluster.flow.Waits;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import java.time.Clock;
import java.util.Set;
import java.util.function.Function;

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

    /**
     * What every publication invocation of one service starts from, the same in both modes: the
     * clock, sleeper and DDL port of its ports, the protocol digests and the queue's two bounds.
     */
    public record Start(
            Clock clock,
            Sleeper sleeper,
            DdlPort ddl,
            ProtocolDigests digests,
            BoundedWait visibility,
            BoundedWait completion) {
        public Start {
            requireNonNull(clock, "clock is null");
            requireNonNull(sleeper, "sleeper is null");
            requireNonNull(ddl, "ddl is null");
            requireNonNull(digests, "digests is null");
            requireNonNull(visibility, "visibility is null");
            requireNonNull(completion, "completion is null");
        }

        /**
         * A publication's invocation: every wait and progress step is timed by the clock for the
         * receipt ({@link PhaseTimings}), the queue resolver waits with the same sleeper and
         * cancellation, and {@code evidence} makes the mode's evidence over those timings.
         */
        public <E extends InvocationEvidence<?>> Invocation<E> invocation(
                Cancellation cancellation, ProgressListener progress, Function<ReceiptTimes, E> evidence) {
            PhaseTimings timings = new PhaseTimings(clock);
            Sleeper timed = timings.observing(sleeper);
            return new Invocation<>(
                    new Waits(timed, cancellation, timings.observing(progress)),
                    new QueueEntryResolver(ddl, digests, visibility, completion, timed, cancellation),
                    evidence.apply(ReceiptTimes.of(timings)));
        }
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
