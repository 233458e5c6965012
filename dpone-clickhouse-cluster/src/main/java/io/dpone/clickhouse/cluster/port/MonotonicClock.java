package io.dpone.clickhouse.cluster.port;

/**
 * Elapsed time for bounds that must not follow wall-clock steps (NTP, an operator's date change):
 * only differences of {@link #nanos} mean anything. Injected like {@link Sleeper}, so the
 * simulator runs it on its virtual time and a paused worker's clock shows the pause.
 */
@FunctionalInterface
public interface MonotonicClock {
    /** {@link System#nanoTime()}. */
    MonotonicClock SYSTEM = System::nanoTime;

    /** Nanoseconds since an arbitrary, fixed origin. */
    long nanos();
}
