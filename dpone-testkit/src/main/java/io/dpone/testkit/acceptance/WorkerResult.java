package io.dpone.testkit.acceptance;

import static java.util.Objects.requireNonNull;

/** How one raced worker ended. */
public sealed interface WorkerResult<T> {
    record Returned<T>(T value) implements WorkerResult<T> {}

    /** The worker was crashed by an armed fault. */
    record Crashed<T>() implements WorkerResult<T> {}

    record Threw<T>(Throwable thrown) implements WorkerResult<T> {
        public Threw {
            requireNonNull(thrown, "thrown is null");
        }
    }
}
