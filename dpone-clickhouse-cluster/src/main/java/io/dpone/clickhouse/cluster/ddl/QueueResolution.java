package io.dpone.clickhouse.cluster.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.port.QueueLookup;

/**
 * What the queue proves about one distributed DDL ({@link QueueEntryResolver}). There is no "not
 * enqueued" variant: zero entries after a sent dispatch is {@link Unknown}, like every other
 * failure to bind or read. Callers must switch over both variants.
 */
public sealed interface QueueResolution {
    /**
     * The entry is bound and its host rows were read; {@code aggregation} is the last read over the
     * exact expected host set. Only {@link QueueStatus#TERMINAL_SUCCESS} or
     * {@link QueueStatus#TERMINAL_FAILURE} of {@link #outcome()} is terminal evidence; IN_PROGRESS
     * means the bound (or a cancellation) ended the wait first; OUTCOME_UNKNOWN means missing,
     * extra, duplicate, mismatched or unknown rows.
     */
    record Bound(BoundEntry entry, EntryAggregation aggregation) implements QueueResolution {
        public Bound {
            requireNonNull(entry, "entry is null");
            requireNonNull(aggregation, "aggregation is null");
        }

        public QueueStatus outcome() {
            return aggregation.outcome();
        }
    }

    /** No provable binding, or the bound entry's rows could not be read: the outcome is unknown. */
    record Unknown(Cause cause) implements QueueResolution {
        public Unknown {
            requireNonNull(cause, "cause is null");
        }
    }

    /** Stable names for evidence; the first seven are {@link QueueLookup.Reason}s. */
    enum Cause {
        QUEUE_UNREADABLE,
        MALFORMED_ROWS,
        /** No entry carried the token within the visibility wait. */
        NO_ENTRY,
        MULTIPLE_ENTRIES,
        INCONSISTENT_QUERY,
        QUERY_UNPARSEABLE,
        QUERY_MISMATCH,
        /** The entry was bound but its per-host rows could not be read. */
        HOST_ROWS_UNREADABLE,
        /** Cancellation (or an interrupt) ended the visibility wait before an entry was seen. */
        CANCELLED;

        static Cause of(QueueLookup.Reason reason) {
            return valueOf(reason.name());
        }
    }
}
