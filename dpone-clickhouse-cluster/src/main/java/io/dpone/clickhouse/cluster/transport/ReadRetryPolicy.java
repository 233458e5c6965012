package io.dpone.clickhouse.cluster.transport;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * Bounded retry for reads only: at most {@code maxAttempts} attempts with exponential backoff
 * from {@code initialDelay} capped at {@code maxDelay}. Only failures that
 * {@link io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure#retryable()} accepts are retried.
 */
public record ReadRetryPolicy(int maxAttempts, Duration initialDelay, Duration maxDelay) {
    public ReadRetryPolicy {
        requireNonNull(initialDelay, "initialDelay is null");
        requireNonNull(maxDelay, "maxDelay is null");
        if (maxAttempts < 1 || maxAttempts > 20) {
            throw new IllegalArgumentException("maxAttempts must be in 1..20");
        }
        if (initialDelay.isNegative() || initialDelay.isZero() || maxDelay.compareTo(initialDelay) < 0) {
            throw new IllegalArgumentException("delays must be positive and maxDelay >= initialDelay");
        }
    }

    /** Three attempts, 200 ms doubling to at most 2 s. */
    public static ReadRetryPolicy standard() {
        return new ReadRetryPolicy(3, Duration.ofMillis(200), Duration.ofSeconds(2));
    }
}
