package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

/** How one worker's body ended. Callers must switch over every variant. */
public sealed interface WorkerOutcome<T> {
    /** The body returned {@code value} (may be null). */
    record Returned<T>(T value) implements WorkerOutcome<T> {
    }

    /** The schedule crashed the worker at one of its calls. */
    record Crashed<T>(WorkerCrash crash) implements WorkerOutcome<T> {
        public Crashed {
            requireNonNull(crash, "crash is null");
        }
    }

    /** The body threw. */
    record Threw<T>(Throwable thrown) implements WorkerOutcome<T> {
        public Threw {
            requireNonNull(thrown, "thrown is null");
        }
    }

    /** The returned value; throws if the worker crashed or threw. */
    default T value() {
        if (this instanceof Returned<T> returned) {
            return returned.value();
        }
        throw new IllegalStateException("the worker did not return: " + this);
    }
}
