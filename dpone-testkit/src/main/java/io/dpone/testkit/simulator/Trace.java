package io.dpone.testkit.simulator;

import io.dpone.testkit.simulator.engine.TraceLog;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The simulation's steps in execution order: each port call with its outcome, each host and replica
 * step, each fault and admin change, each with its virtual time. Two runs with the same seed, schedule
 * and test code have the same steps, so the same {@link #digest()}.
 */
public final class Trace {
    private final TraceLog log;

    Trace(TraceLog log) {
        this.log = log;
    }

    /** Steps recorded so far. */
    public long count() {
        return log.count();
    }

    /** A digest over every step so far; equal for equal runs. */
    public long digest() {
        return log.digest();
    }

    /** The last {@code n} steps still held (the trace keeps a bounded tail), oldest first. */
    public List<String> tail(int n) {
        return log.tail(n).stream().map(TraceLog.Entry::toString).toList();
    }

    /** The last {@code n} steps, one per line. */
    public String tailText(int n) {
        return tail(n).stream().collect(Collectors.joining("\n"));
    }
}
