package io.dpone.clickhouse.cluster.contract.ddl;

import static java.util.Objects.requireNonNull;

/** The result of looking up the queue by correlation token (spec section 4). Switch over it. */
public sealed interface EntryBinding {
    /** Exactly one distinct entry matched, with one query text. */
    record Bound(BoundEntry entry) implements EntryBinding {
        public Bound {
            requireNonNull(entry, "entry is null");
        }
    }

    /** No provable entry; after dispatch this is OUTCOME_UNKNOWN, never proof of non-enqueue. */
    record Unbound(Reason reason) implements EntryBinding {
        public Unbound {
            requireNonNull(reason, "reason is null");
        }
    }

    enum Reason {
        /** No entry carries the token for the expected cluster. */
        NO_ENTRY,
        /** Two or more distinct entries carry the token: duplicate dispatch or external collision. */
        MULTIPLE_ENTRIES,
        /** One entry reports more than one query text. */
        INCONSISTENT_QUERY
    }
}
