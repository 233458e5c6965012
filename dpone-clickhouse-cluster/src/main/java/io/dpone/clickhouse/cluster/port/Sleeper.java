package io.dpone.clickhouse.cluster.port;

import java.time.Duration;

/** Waits between read attempts; injected so tests never sleep. */
@FunctionalInterface
public interface Sleeper {
    /** The real sleeper. */
    Sleeper SYSTEM = duration -> Thread.sleep(duration.toMillis());

    void sleep(Duration duration) throws InterruptedException;
}
