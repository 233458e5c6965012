package io.dpone.clickhouse.cluster.engine;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;

/**
 * What one step of a mode's state machine left: the slot version the next step continues from,
 * or the ending of the invocation. Callers switch over it; no step returns {@code Object}.
 *
 * @param <R> the mode's record schema
 */
public sealed interface StepResult<R extends SlotRecord> {
    record Continue<R extends SlotRecord>(SlotVersion<R> current) implements StepResult<R> {
        public Continue {
            requireNonNull(current, "current is null");
        }
    }

    record Concluded<R extends SlotRecord>(Ending ending) implements StepResult<R> {
        public Concluded {
            requireNonNull(ending, "ending is null");
        }
    }
}
