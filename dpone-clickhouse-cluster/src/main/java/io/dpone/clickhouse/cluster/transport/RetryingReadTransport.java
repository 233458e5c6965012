package io.dpone.clickhouse.cluster.transport;

import static java.util.Objects.requireNonNull;

import dev.failsafe.Execution;
import dev.failsafe.RetryPolicy;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.sql.SqlStatement;

/**
 * Decorates a {@link ReadTransport} with a bounded retry. Attempt counting and backoff come from
 * Failsafe's standalone {@link Execution}; the wait between attempts goes through the injected
 * {@link Sleeper}, so no logic here sleeps on its own. There is no mutation counterpart by design.
 * Thread-safe if the delegate is.
 */
public final class RetryingReadTransport implements ReadTransport {
    private final ReadTransport delegate;
    private final RetryPolicy<ReadOutcome> policy;
    private final Sleeper sleeper;

    public RetryingReadTransport(ReadTransport delegate, ReadRetryPolicy policy, Sleeper sleeper) {
        this.delegate = requireNonNull(delegate, "delegate is null");
        this.sleeper = requireNonNull(sleeper, "sleeper is null");
        requireNonNull(policy, "policy is null");
        this.policy = RetryPolicy.<ReadOutcome>builder()
                .handleResultIf(RetryingReadTransport::retryableFailure)
                .withMaxAttempts(policy.maxAttempts())
                .withBackoff(policy.initialDelay(), policy.maxDelay())
                .build();
    }

    @Override
    public ReadOutcome read(SqlStatement statement, QueryContext context) {
        if (statement.kind().isMutation()) {
            throw new IllegalArgumentException("a read transport never runs mutations: " + statement.kind());
        }
        Execution<ReadOutcome> execution = Execution.of(policy);
        while (true) {
            ReadOutcome outcome = delegate.read(statement, context);
            execution.recordResult(outcome);
            if (execution.isComplete()) {
                return outcome;
            }
            try {
                sleeper.sleep(execution.getDelay());
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return outcome;
            }
        }
    }

    private static boolean retryableFailure(ReadOutcome outcome) {
        return outcome instanceof ReadOutcome.Failed failed && failed.failure().retryable();
    }
}
