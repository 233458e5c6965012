package io.dpone.clickhouse.cluster.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.QueueLookup;

/**
 * The lookup of one token after the visibility wait ({@link QueueEntryResolver#bind}): the bound
 * lookup with its stored query, or why none could be proven. Callers must switch over both.
 */
public sealed interface QueueBinding {
    record Bound(QueueLookup.Bound lookup) implements QueueBinding {
        public Bound {
            requireNonNull(lookup, "lookup is null");
        }
    }

    record Unbound(QueueResolution.Cause cause) implements QueueBinding {
        public Unbound {
            requireNonNull(cause, "cause is null");
        }
    }
}
