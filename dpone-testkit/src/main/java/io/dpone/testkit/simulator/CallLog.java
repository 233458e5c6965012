package io.dpone.testkit.simulator;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Every port call of a simulation up to one moment, in order, with counters for the randomized tests' invariants. */
public final class CallLog {
    private final List<CallRecord> records;

    public CallLog(List<CallRecord> records) {
        this.records = List.copyOf(records);
    }

    public List<CallRecord> records() {
        return records;
    }

    /** Transport invocations made with {@code queryId}; a one-shot mutation must show exactly one. */
    public long sends(String queryId) {
        return records.stream()
                .filter(r -> r.call().isMutation() && Objects.equals(r.queryId(), queryId))
                .count();
    }

    /** Mutation transport invocations per query id, in first-use order. */
    public Map<String, Long> mutationsByQueryId() {
        Map<String, Long> counts = new LinkedHashMap<>();
        records.stream().filter(r -> r.call().isMutation()).forEach(r -> counts.merge(r.queryId(), 1L, Long::sum));
        return counts;
    }

    /** Mutation invocations of one statement kind (e.g. {@code DDL_EXCHANGE}). */
    public long count(StatementKind kind) {
        return records.stream().filter(r -> r.kind() == kind).count();
    }

    /** Calls of one port method, by every worker. */
    public long count(PortCall call) {
        return records.stream().filter(r -> r.call() == call).count();
    }

    /** Publication DDL sent (EXCHANGE, RENAME, cleanup DROP), whatever the outcome. */
    public long publicationDdl() {
        return count(StatementKind.DDL_EXCHANGE) + count(StatementKind.DDL_RENAME) + count(StatementKind.DDL_DROP);
    }
}
