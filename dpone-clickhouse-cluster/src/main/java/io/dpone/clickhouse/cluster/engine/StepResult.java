package io.dpone.clickhouse.cluster.engine;

import static java.util.Objects.requireNonNull;

/**
 * What one step of a mode's state machine left: the record version the next step continues from,
 * or the ending of the invocation. Callers switch over it; no step returns {@code Object}.
 *
 * @param <V> the mode's record version (what a CAS expects)
 * @param <E> the mode's ending
 */
public sealed interface StepResult<V, E> {
    record Continue<V, E>(V current) implements StepResult<V, E> {
        public Continue {
            requireNonNull(current, "current is null");
        }
    }

    record Concluded<V, E>(E ending) implements StepResult<V, E> {
        public Concluded {
            requireNonNull(ending, "ending is null");
        }
    }
}
