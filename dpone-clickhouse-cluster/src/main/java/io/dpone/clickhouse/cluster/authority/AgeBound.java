package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.MonotonicClock;

/**
 * A bound of a permit's maximum age for a statement that needs no permit but must not land late
 * either (ADR 0008, "A late CREATE of a superseded attempt"): started on the permits' own monotonic
 * clock just before the write that records what the statement will create, and checked right before
 * the statement is sent. A successor that waits out {@code V + A + V} from its observation of that
 * record ({@code TakeoverWait}) then finds every statement that passed the check.
 */
public final class AgeBound {
    private final MonotonicClock clock;
    private final long deadlineNanos;

    AgeBound(PermitLifetime lifetime) {
        this.clock = requireNonNull(lifetime, "lifetime is null").clock();
        this.deadlineNanos = lifetime.deadline(clock.nanos());
    }

    /** True once the bound has passed; it never becomes usable again. */
    public boolean expired() {
        return clock.nanos() - deadlineNanos > 0;
    }
}
