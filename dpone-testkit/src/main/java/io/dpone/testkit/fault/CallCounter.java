package io.dpone.testkit.fault;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts, per client query id, how often a call entered the wrapper ({@link #invocations}) and
 * how often it reached the wrapped transport ({@link #sends}), and per statement kind how many
 * sends there were. A one-shot mutation must show exactly one send per query id; anything more is
 * a correctness failure. One counter may be shared by several wrappers (several workers of one
 * acceptance cluster). Thread-safe.
 */
public final class CallCounter {
    private final Map<String, AtomicInteger> invocations = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> sends = new ConcurrentHashMap<>();
    private final Map<String, StatementKind> kinds = new ConcurrentHashMap<>();
    private final Map<StatementKind, AtomicInteger> sendsByKind = new ConcurrentHashMap<>();

    void invoked(String queryId) {
        invocations
                .computeIfAbsent(requireNonNull(queryId, "queryId is null"), id -> new AtomicInteger())
                .incrementAndGet();
    }

    /** One call of {@code kind} with {@code queryId} reached the server side of the wrapper. */
    public void sent(String queryId, StatementKind kind) {
        requireNonNull(kind, "kind is null");
        sends.computeIfAbsent(requireNonNull(queryId, "queryId is null"), id -> new AtomicInteger())
                .incrementAndGet();
        kinds.putIfAbsent(queryId, kind);
        sendsByKind.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet();
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

    /** Sends of statements of {@code kind}, across all query ids. */
    public int sends(StatementKind kind) {
        AtomicInteger count = sendsByKind.get(requireNonNull(kind, "kind is null"));
        return count == null ? 0 : count.get();
    }

    /** The most sends any one mutation query id made (reads, which a policy may retry, are left out); 0 if none. */
    public int maxSendsPerMutation() {
        return sends.entrySet().stream()
                .filter(entry ->
                        kinds.getOrDefault(entry.getKey(), StatementKind.READ).isMutation())
                .mapToInt(entry -> entry.getValue().get())
                .max()
                .orElse(0);
    }

    /** Sends across all query ids. */
    public int totalSends() {
        return sends.values().stream().mapToInt(AtomicInteger::get).sum();
    }
}
