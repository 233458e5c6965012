package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * A bounded wait between read-only observations: at most {@code attempts} reads, with a pause
 * before every read after the first that starts at {@code initialDelay} and doubles up to
 * {@code maxDelay}. The worst-case wall time is therefore bounded by the sum of the pauses plus
 * the reads themselves. Used for the queue visibility wait (an entry not yet visible after a
 * dispatch), for waiting until an entry is terminal, and for the replication readiness barrier;
 * never for sending anything.
 */
public record BoundedWait(int attempts, Duration initialDelay, Duration maxDelay) {
    public static final int MAX_ATTEMPTS = 100;

    public BoundedWait {
        requireNonNull(initialDelay, "initialDelay is null");
        requireNonNull(maxDelay, "maxDelay is null");
        if (attempts < 1 || attempts > MAX_ATTEMPTS) {
            throw new IllegalArgumentException("attempts must be in 1.." + MAX_ATTEMPTS);
        }
        if (initialDelay.isNegative() || maxDelay.compareTo(initialDelay) < 0) {
            throw new IllegalArgumentException("delays must be non-negative and maxDelay >= initialDelay");
        }
    }

    /** One read and no waiting. */
    public static BoundedWait once() {
        return new BoundedWait(1, Duration.ZERO, Duration.ZERO);
    }

    /** The pause before read number {@code attempt} (2-based: there is no pause before the first). */
    public Duration pauseBefore(int attempt) {
        if (attempt < 2 || attempt > attempts) {
            throw new IllegalArgumentException("no pause before attempt " + attempt);
        }
        Duration pause = initialDelay;
        for (int i = 2; i < attempt && pause.compareTo(maxDelay) < 0; i++) {
            pause = pause.multipliedBy(2);
        }
        return pause.compareTo(maxDelay) > 0 ? maxDelay : pause;
    }

    /** The sum of every pause: the bound on time spent waiting (reads excluded). */
    public Duration totalPause() {
        Duration total = Duration.ZERO;
        for (int attempt = 2; attempt <= attempts; attempt++) {
            total = total.plus(pauseBefore(attempt));
        }
        return total;
    }
}
