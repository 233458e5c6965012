package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

/** How one worker's body ended. Callers must switch over every variant. */
public sealed interface WorkerOutcome<T> {
    /** The body returned {@code value} (may be null). */
    record Returned<T>(T value) implements WorkerOutcome<T> {}

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

    /**
     * The returned value. A worker that threw an unchecked exception or error rethrows it here (so an
     * assertion inside a worker fails the test); a checked exception or a crash is an
     * {@link IllegalStateException}.
     */
    default T value() {
        if (this instanceof Returned<T> returned) {
            return returned.value();
        }
        if (this instanceof Threw<T> threw) {
            if (threw.thrown() instanceof RuntimeException unchecked) {
                throw unchecked;
            }
            if (threw.thrown() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("the worker threw", threw.thrown());
        }
        throw new IllegalStateException(
                "the worker crashed: " + ((Crashed<T>) this).crash().getMessage());
    }
}
