package io.dpone.testkit.simulator;

import io.dpone.testkit.simulator.engine.Scheduler;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;

/** A clock that reads the scheduler's virtual time, starting at {@link ClusterSimulator#EPOCH}. */
final class VirtualClock extends Clock {
    private final Scheduler scheduler;
    private final ZoneId zone;

    VirtualClock(Scheduler scheduler, ZoneId zone) {
        this.scheduler = scheduler;
        this.zone = zone;
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public Clock withZone(ZoneId other) {
        return new VirtualClock(scheduler, other);
    }

    @Override
    public Instant instant() {
        return ClusterSimulator.EPOCH.plusMillis(scheduler.now());
    }
}
