package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/**
 * Polls a member with {@code SELECT 1} until it answers, its process dies, or the deadline passes.
 * A read-only probe, so polling is safe; clock and sleeper are injected.
 */
public final class ReadinessProbe {

    /** Sleeps between polls; injected so tests of the probe need no real time. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private static final Duration POLL_INTERVAL = Duration.ofMillis(25);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    private final Clock clock;
    private final Sleeper sleeper;

    public ReadinessProbe(Clock clock, Sleeper sleeper) {
        this.clock = requireNonNull(clock, "clock is null");
        this.sleeper = requireNonNull(sleeper, "sleeper is null");
    }

    public static ReadinessProbe system() {
        return new ReadinessProbe(Clock.systemUTC(), duration -> Thread.sleep(duration.toMillis()));
    }

    /**
     * @param alive whether the process still exists; a dead process fails fast
     * @throws IllegalStateException when the process died or the deadline passed
     */
    public void await(String member, MemberClient client, BooleanSupplier alive, Duration deadline) {
        Instant end = clock.instant().plus(deadline);
        MemberClient probe = client.withTimeout(PROBE_TIMEOUT);
        while (true) {
            try {
                if ("1".equals(probe.query("SELECT 1"))) {
                    return;
                }
            } catch (MemberQueryException notYet) {
                // not listening yet: keep polling until the deadline
            }
            if (!alive.getAsBoolean()) {
                throw new IllegalStateException(member + " exited during start-up; see its log directory");
            }
            if (!clock.instant().isBefore(end)) {
                throw new IllegalStateException(member + " did not answer within " + deadline.toMillis() + " ms");
            }
            try {
                sleeper.sleep(POLL_INTERVAL);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + member, e);
            }
        }
    }
}
