package io.dpone.testkit.clickhouse;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock that moves only when a test advances it, for the harness's waits. */
public final class ManualClock extends Clock {
    private Instant now = Instant.EPOCH;
    private int advances;

    public void advance(Duration duration) {
        now = now.plus(duration);
        advances++;
    }

    /** How often it was advanced (a poller's sleeps). */
    public int advances() {
        return advances;
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
