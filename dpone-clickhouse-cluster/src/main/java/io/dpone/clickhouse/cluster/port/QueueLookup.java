package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;

/**
 * The queue lookup of one dispatched statement by cluster and token. There is deliberately no
 * "not enqueued" variant: after a dispatch, anything but one provable entry is {@link Unknown}.
 * Callers must switch over both variants.
 */
public sealed interface QueueLookup {
    /**
     * Exactly one entry carries the token and its query parses back to the expected statement.
     *
     * @param entry the binding every later queue read is checked against (its query digest is the
     *     protocol digest of the stored query text, which every per-host row repeats verbatim)
     * @param normalizedQueryDigest SHA-256 of the normalized query ({@code DdlQueryParser}), which
     *     is insensitive to quoting and whitespace, for evidence
     * @param storedQuery the query text the entry stores, for the capability assertion only; it is
     *     SQL and never reaches evidence or {@link #toString()}
     */
    record Bound(BoundEntry entry, String normalizedQueryDigest, String storedQuery) implements QueueLookup {
        public Bound {
            requireNonNull(entry, "entry is null");
            requireNonNull(normalizedQueryDigest, "normalizedQueryDigest is null");
            requireNonNull(storedQuery, "storedQuery is null");
        }

        @Override
        public String toString() {
            return "Bound[entry=" + entry + "]";
        }
    }

    /** No provable binding; the DDL outcome is unknown, never "not enqueued". */
    record Unknown(Reason reason) implements QueueLookup {
        public Unknown {
            requireNonNull(reason, "reason is null");
        }
    }

    /** Stable names for evidence. */
    enum Reason {
        /** The queue could not be read (server error, timeout, no DDL worker). */
        QUEUE_UNREADABLE,
        /** A lookup row had an unexpected shape or contradicted the lookup (repeated entry, no query, other token). */
        MALFORMED_ROWS,
        /** No entry carries the token (yet): it may still appear, or the dispatch never arrived. */
        NO_ENTRY,
        /** Two or more entries carry the token; the newest is never chosen. */
        MULTIPLE_ENTRIES,
        /** One entry reports more than one query text. */
        INCONSISTENT_QUERY,
        /** The entry's query does not parse as one of the protocol's statements. */
        QUERY_UNPARSEABLE,
        /** The entry's query names another type, cluster, database, target or candidate. */
        QUERY_MISMATCH
    }
}
