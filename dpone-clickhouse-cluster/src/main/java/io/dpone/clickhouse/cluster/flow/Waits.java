package io.dpone.clickhouse.cluster.flow;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;

/**
 * Paces a bounded wait between two read-only observations. Cancellation ends the wait (it never
 * cancels or replays anything already sent); so does an interrupt, which is restored.
 */
public final class Waits {
    private final Sleeper sleeper;
    private final Cancellation cancellation;
    private final ProgressListener progress;

    public Waits(Sleeper sleeper, Cancellation cancellation, ProgressListener progress) {
        this.sleeper = requireNonNull(sleeper, "sleeper is null");
        this.cancellation = requireNonNull(cancellation, "cancellation is null");
        this.progress = requireNonNull(progress, "progress is null");
    }

    /** Pauses after observation {@code attempt}; false when the wait must stop (bound, cancellation). */
    public boolean pause(String what, int attempt, BoundedWait policy) {
        if (attempt >= policy.attempts() || cancellation.isCancelled()) {
            return false;
        }
        progress.waiting(what, attempt + 1, policy.attempts());
        try {
            sleeper.sleep(policy.pauseBefore(attempt + 1));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
        return !cancellation.isCancelled();
    }

    public boolean cancelled() {
        return cancellation.isCancelled();
    }

    public ProgressListener progress() {
        return progress;
    }

    public Cancellation cancellation() {
        return cancellation;
    }
}
