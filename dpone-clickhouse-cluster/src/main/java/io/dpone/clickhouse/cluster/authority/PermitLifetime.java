package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.MonotonicClock;
import java.time.Duration;

/**
 * How long a {@link DispatchPermit} stays usable: {@code maxAge} on its holder's monotonic clock,
 * counted from just before the write that issued it was sent, so it also covers a worker frozen
 * between that write and its post-read. Between the write and the send a healthy worker spends one
 * post-read; a permit older than the bound belongs to a stalled worker, whose send could arrive
 * after an operator retired the record (issue 18, finding 2).
 *
 * <p>The bound is a quarter of {@code distributed_ddl_task_timeout} ({@link #forTaskTimeout}): the
 * runbook's "A DISPATCHING record without a queue entry" makes an operator wait longer than the
 * whole task timeout after first seeing the record before anything is retired, so every permit of
 * that record has expired by then, with room for a GC pause or a slow post-read in a healthy run.
 */
public record PermitLifetime(MonotonicClock clock, Duration maxAge) {
    /** The task timeout when none is configured: {@code PublicationSettings.withDefaultWaits}'s 180 s. */
    public static final long DEFAULT_TASK_TIMEOUT_SECONDS = 180;

    public PermitLifetime {
        requireNonNull(clock, "clock is null");
        requireNonNull(maxAge, "maxAge is null");
        if (maxAge.isNegative() || maxAge.isZero()) {
            throw new IllegalArgumentException("maxAge must be positive");
        }
    }

    /** A quarter of {@code ddlTaskTimeoutSeconds} on {@code clock}. */
    public static PermitLifetime forTaskTimeout(MonotonicClock clock, long ddlTaskTimeoutSeconds) {
        return new PermitLifetime(clock, maxAge(ddlTaskTimeoutSeconds));
    }

    /** The bound {@link #forTaskTimeout} gives, for messages and documentation. */
    public static Duration maxAge(long ddlTaskTimeoutSeconds) {
        if (ddlTaskTimeoutSeconds < 1) {
            throw new IllegalArgumentException("ddlTaskTimeoutSeconds must be positive");
        }
        return Duration.ofSeconds(ddlTaskTimeoutSeconds).dividedBy(4);
    }

    /** The production default: the system's monotonic clock and the default task timeout. */
    public static PermitLifetime systemDefault() {
        return forTaskTimeout(MonotonicClock.SYSTEM, DEFAULT_TASK_TIMEOUT_SECONDS);
    }

    /** The instant, on {@link #clock}, after which a permit issued for a write sent at {@code sentAtNanos} is expired. */
    long deadline(long sentAtNanos) {
        return sentAtNanos + maxAge.toNanos();
    }
}
