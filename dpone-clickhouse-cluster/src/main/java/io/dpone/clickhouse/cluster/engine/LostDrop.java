package io.dpone.clickhouse.cluster.engine;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.ddl.QueueBinding;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.flow.TakeoverWait;
import io.dpone.clickhouse.cluster.flow.Waits;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The lost-drop rule both modes follow (spec 000 section 6, spec 001 "Cleanup is independently
 * fenced", ADR 0007). A cleanup drop is lost when it provably never reached the server, or when no
 * queue entry carries its token after the {@link TakeoverWait}. The loss is written into the record
 * before the drop is sent again, so a rerun or another worker redispatches on the record's word and
 * never proves the loss twice; an unbound drop the record does not mark lost may still be in flight
 * and is looked for first. The mark is the mode's schema: internal CLEANUP_PENDING with the drop
 * unbound, external {@code cleanup_lost}.
 */
public final class LostDrop {
    private LostDrop() {}

    /** What looking for an unbound drop's entry found. */
    public sealed interface Look {
        /** Exactly one entry carries the token: bind it. */
        record Bound(BoundEntry entry) implements Look {}

        /** No entry after the takeover wait: the drop is lost; mark it so in the record. */
        record Lost() implements Look {}

        /** Neither (two entries, an unreadable queue, a changed query, a cancelled wait): nothing is decided. */
        record Unresolved(QueueResolution.Cause cause) implements Look {}
    }

    /** True when the drop must be looked for before anything else: recorded, never bound, not marked lost. */
    public static boolean inFlight(DdlBinding cleanup, boolean markedLost) {
        return cleanup != null && cleanup.entry() == null && !markedLost;
    }

    /** Looks for the drop's entry, waiting out the permit's age before calling it lost. */
    public static Look look(
            QueueEntryResolver queue,
            Waits waits,
            ExpectedDdl expected,
            Duration permitMaxAge,
            Consumer<String> evidence) {
        QueueBinding binding = TakeoverWait.bind(queue, waits, expected, permitMaxAge, evidence);
        if (binding instanceof QueueBinding.Bound bound) {
            return new Look.Bound(bound.lookup().entry());
        }
        QueueResolution.Cause cause = ((QueueBinding.Unbound) binding).cause();
        return cause == QueueResolution.Cause.NO_ENTRY ? new Look.Lost() : new Look.Unresolved(cause);
    }

    /** True when the dispatch provably never reached the server: not sent, or refused for an expired permit. */
    public static boolean notSent(DdlDispatch dispatch) {
        return dispatch instanceof DdlDispatch.NotSent
                || dispatch instanceof DdlDispatch.PermitRefused refused
                        && refused.reason() == DdlDispatch.Refusal.EXPIRED;
    }

    /** The evidence step for a drop {@link #notSent} proved lost. */
    public static String notSentStep(DdlDispatch dispatch) {
        return dispatch instanceof DdlDispatch.PermitRefused
                ? "cleanup drop not sent: the dispatch permit expired"
                : "cleanup drop not sent";
    }

    /**
     * The cleanup queue fact the section 6 classifier judges: LOST only on the record's word,
     * otherwise the entry's current aggregation or the persisted receipt.
     */
    public static QueueResult queue(DdlBinding cleanup, boolean markedLost, EntryAggregation hosts) {
        if (cleanup == null) {
            return QueueResult.NO_ENTRY;
        }
        if (markedLost) {
            return QueueResult.LOST;
        }
        return hosts == null ? QueueResult.of(cleanup.receipt()) : QueueResult.of(hosts.outcome());
    }

    /** Refuses a lost mark on a drop that is bound or has a receipt: only an unbound drop can be lost. */
    public static DdlBinding requireMarkable(DdlBinding cleanup) {
        if (cleanup == null || cleanup.entry() != null || cleanup.receipt() != null) {
            throw new IllegalArgumentException("only an unbound drop can be lost");
        }
        return cleanup;
    }
}
