package io.dpone.clickhouse.cluster.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregator;
import io.dpone.clickhouse.cluster.contract.ddl.ExactHostSetEntryAggregator;
import io.dpone.clickhouse.cluster.contract.ddl.PinnedQueueStatusNormalizer;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.spi.publication.Cancellation;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolves a distributed DDL through its queue entry only (spec section 4), for every statement
 * the protocol sends: publication, cleanup, candidate staging and discard, the capability probe
 * and the facade bootstrap. Reads only; it never sends a statement.
 *
 * <ol>
 *   <li>{@link #bind}: looks the token up ({@link DdlPort#lookup}). While the lookup says
 *       {@link QueueLookup.Reason#NO_ENTRY} it looks again, up to the {@code visibility} bound,
 *       because an entry written by the initiator may not be listed yet; every other reason
 *       (unreadable queue, several entries, a changed query, ...) is returned at once. Zero
 *       entries at the end of the bound are {@link QueueResolution.Cause#NO_ENTRY}: unknown,
 *       never "not enqueued".</li>
 *   <li>{@link #read}: reads the bound entry's per-host rows ({@link DdlPort#hostRows}) and
 *       aggregates them over the exact expected host set with the pinned normalizer and
 *       {@link ExactHostSetEntryAggregator}. With {@link Until#TERMINAL} it reads again while the
 *       entry is IN_PROGRESS, up to the {@code completion} bound.</li>
 *   <li>{@link #resolve}: both, for a freshly dispatched statement.</li>
 * </ol>
 *
 * <p>Waiting goes through the injected {@link Sleeper}; {@link Cancellation} is polled before and
 * after every pause and only stops waiting, never a statement. Every call makes at least one read.
 * Stateless apart from its collaborators; thread-safe if they are.
 */
public final class QueueEntryResolver {
    /** How long {@link #read} waits. */
    public enum Until {
        /** One read of the host rows, whatever they show. */
        FIRST_READ,
        /** Read again while the entry is IN_PROGRESS, within the completion bound. */
        TERMINAL
    }

    private final DdlPort ddl;
    private final EntryAggregator aggregator;
    private final BoundedWait visibility;
    private final BoundedWait completion;
    private final Sleeper sleeper;
    private final Cancellation cancellation;

    /**
     * @param visibility the bound on looking a token up again while no entry carries it
     * @param completion the bound on reading a bound entry again while it is in progress
     */
    public QueueEntryResolver(
            DdlPort ddl,
            ProtocolDigests digests,
            BoundedWait visibility,
            BoundedWait completion,
            Sleeper sleeper,
            Cancellation cancellation) {
        this.ddl = requireNonNull(ddl, "ddl is null");
        this.aggregator = new ExactHostSetEntryAggregator(
                PinnedQueueStatusNormalizer.INSTANCE, requireNonNull(digests, "digests is null"));
        this.visibility = requireNonNull(visibility, "visibility is null");
        this.completion = requireNonNull(completion, "completion is null");
        this.sleeper = requireNonNull(sleeper, "sleeper is null");
        this.cancellation = requireNonNull(cancellation, "cancellation is null");
    }

    /** The bound on reading a bound entry again while it is in progress. */
    public BoundedWait completion() {
        return completion;
    }

    /** Binds the token of {@code expected} to its one entry, waiting only while no entry is visible. */
    public QueueBinding bind(ExpectedDdl expected) {
        requireNonNull(expected, "expected is null");
        for (int attempt = 1; ; attempt++) {
            QueueLookup lookup = ddl.lookup(expected);
            if (lookup instanceof QueueLookup.Bound bound) {
                return new QueueBinding.Bound(bound);
            }
            QueueLookup.Reason reason = ((QueueLookup.Unknown) lookup).reason();
            if (reason != QueueLookup.Reason.NO_ENTRY || attempt == visibility.attempts()) {
                return new QueueBinding.Unbound(QueueResolution.Cause.of(reason));
            }
            if (!pause(visibility.pauseBefore(attempt + 1))) {
                return new QueueBinding.Unbound(QueueResolution.Cause.CANCELLED);
            }
        }
    }

    /**
     * Aggregates the rows of an already bound entry (for example one persisted in the authority
     * record) over exactly {@code hosts}. A cancelled wait returns the last, in-progress read.
     */
    public QueueResolution read(BoundEntry entry, Set<HostEndpoint> hosts, Until until) {
        requireNonNull(entry, "entry is null");
        requireNonNull(until, "until is null");
        Set<HostEndpoint> expected = Set.copyOf(requireNonNull(hosts, "hosts is null"));
        int reads = until == Until.TERMINAL ? completion.attempts() : 1;
        for (int attempt = 1; ; attempt++) {
            CatalogRead<List<QueueRow>> rows = ddl.hostRows(entry);
            if (!(rows instanceof CatalogRead.Observed<List<QueueRow>> observed)) {
                return new QueueResolution.Unknown(QueueResolution.Cause.HOST_ROWS_UNREADABLE);
            }
            EntryAggregation aggregation = aggregator.aggregate(entry, expected, observed.facts());
            QueueResolution.Bound bound = new QueueResolution.Bound(entry, aggregation);
            if (aggregation.outcome() != QueueStatus.IN_PROGRESS
                    || attempt >= reads
                    || !pause(completion.pauseBefore(attempt + 1))) {
                return bound;
            }
        }
    }

    /**
     * One read of a bound entry's rows over exactly {@code hosts}, for evidence and status: an
     * unreadable queue is {@code OUTCOME_UNKNOWN} on every host, never a missing host.
     */
    public EntryAggregation readOnce(BoundEntry entry, Set<HostEndpoint> hosts) {
        QueueResolution resolution = read(entry, hosts, Until.FIRST_READ);
        if (resolution instanceof QueueResolution.Bound bound) {
            return bound.aggregation();
        }
        Map<HostEndpoint, QueueStatus> unknown = new HashMap<>();
        hosts.forEach(host -> unknown.put(host, QueueStatus.OUTCOME_UNKNOWN));
        return new EntryAggregation(QueueStatus.OUTCOME_UNKNOWN, unknown, 0, 0, 0, 0);
    }

    /** {@link #bind} then {@link #read}: the resolution of a statement just dispatched with this token. */
    public QueueResolution resolve(ExpectedDdl expected, Set<HostEndpoint> hosts, Until until) {
        QueueBinding binding = bind(expected);
        if (binding instanceof QueueBinding.Unbound unbound) {
            return new QueueResolution.Unknown(unbound.cause());
        }
        return read(((QueueBinding.Bound) binding).lookup().entry(), hosts, until);
    }

    /** False when cancelled or interrupted (the interrupt flag is restored); nothing is cancelled but the wait. */
    private boolean pause(Duration duration) {
        if (cancellation.isCancelled()) {
            return false;
        }
        try {
            sleeper.sleep(duration);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
        return !cancellation.isCancelled();
    }
}
