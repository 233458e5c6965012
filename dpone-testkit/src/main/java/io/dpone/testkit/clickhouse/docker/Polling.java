package io.dpone.testkit.clickhouse.docker;

import static java.util.Objects.requireNonNull;

import io.dpone.testkit.cluster.ReadinessProbe;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Polls a read-only check until it holds or a deadline passes. Clock and sleeper are injected, so
 * the waits of the Docker harness are tested without real time or a Docker engine.
 */
final class Polling {
    /** One look: empty when the condition holds, else what is still missing (named in the timeout). */
    @FunctionalInterface
    interface Check {
        Optional<String> unmet();
    }

    private final Clock clock;
    private final ReadinessProbe.Sleeper sleeper;
    private final Duration interval;

    Polling(Clock clock, ReadinessProbe.Sleeper sleeper, Duration interval) {
        this.clock = requireNonNull(clock, "clock is null");
        this.sleeper = requireNonNull(sleeper, "sleeper is null");
        this.interval = requireNonNull(interval, "interval is null");
    }

    static Polling system() {
        return new Polling(Clock.systemUTC(), duration -> Thread.sleep(duration.toMillis()), Duration.ofMillis(500));
    }

    /** @throws IllegalStateException naming {@code what} and the last unmet part once {@code deadline} passed */
    void until(String what, Duration deadline, Check check) {
        Instant end = clock.instant().plus(deadline);
        while (true) {
            Optional<String> unmet = check.unmet();
            if (unmet.isEmpty()) {
                return;
            }
            if (!clock.instant().isBefore(end)) {
                throw new IllegalStateException(
                        "timed out after " + deadline.toSeconds() + " s waiting for " + what + ": " + unmet.get());
            }
            try {
                sleeper.sleep(interval);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what, e);
            }
        }
    }
}
