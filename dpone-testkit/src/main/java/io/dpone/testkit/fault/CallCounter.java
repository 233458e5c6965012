package io.dpone.testkit.fault;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts, per client query id, how often a call entered the wrapper ({@link #invocations}) and
 * how often it reached the wrapped transport ({@link #sends}). A one-shot mutation must show
 * exactly one send per query id; anything more is a correctness failure. Thread-safe.
 */
public final class CallCounter {
    private final Map<String, AtomicInteger> invocations = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> sends = new ConcurrentHashMap<>();

    void invoked(String queryId) {
        invocations.computeIfAbsent(requireNonNull(queryId, "queryId is null"), id -> new AtomicInteger()).incrementAndGet();
    }

    void sent(String queryId) {
        sends.computeIfAbsent(requireNonNull(queryId, "queryId is null"), id -> new AtomicInteger()).incrementAndGet();
    }

    /** Calls that entered the wrapper with {@code queryId}. */
    public int invocations(String queryId) {
        AtomicInteger count = invocations.get(queryId);
        return count == null ? 0 : count.get();
    }

    /** Calls with {@code queryId} that reached the wrapped transport. */
    public int sends(String queryId) {
        AtomicInteger count = sends.get(queryId);
        return count == null ? 0 : count.get();
    }

    /** Sends across all query ids. */
    public int totalSends() {
        return sends.values().stream().mapToInt(AtomicInteger::get).sum();
    }
}
