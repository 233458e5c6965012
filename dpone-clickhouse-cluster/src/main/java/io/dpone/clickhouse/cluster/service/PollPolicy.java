package io.dpone.clickhouse.cluster.service;

import java.time.Duration;

/**
 * A bounded backoff for one kind of read-only wait (replication readiness, a queue entry becoming
 * visible, a queue entry terminating): at most {@code attempts} observations, the pause doubling
 * from {@code first} up to {@code max}. Waits only ever repeat reads; no mutation is repeated.
 */
public record PollPolicy(int attempts, Duration first, Duration max) {
    public PollPolicy {
        if (attempts < 1 || attempts > 10_000) {
            throw new IllegalArgumentException("attempts must be in 1..10000");
        }
        if (first.isNegative() || max.compareTo(first) < 0) {
            throw new IllegalArgumentException("0 <= first <= max");
        }
    }

    /** The pause before observation {@code attempt + 1} (attempt counts from 1). */
    public Duration pauseAfter(int attempt) {
        Duration pause = first;
        for (int i = 1; i < attempt && pause.compareTo(max) < 0; i++) {
            pause = pause.multipliedBy(2);
        }
        return pause.compareTo(max) > 0 ? max : pause;
    }

    /** The longest total pause this policy can take. */
    public Duration bound() {
        Duration total = Duration.ZERO;
        for (int attempt = 1; attempt < attempts; attempt++) {
            total = total.plus(pauseAfter(attempt));
        }
        return total;
    }
}
