package io.dpone.testkit.fault;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.StatementKind;

/** One injected fault, for test evidence: sequence number, query id, statement kind and fault. */
public record InjectedFault(long sequence, String queryId, StatementKind kind, TransportFault fault) {
    public InjectedFault {
        requireNonNull(queryId, "queryId is null");
        requireNonNull(kind, "kind is null");
        requireNonNull(fault, "fault is null");
    }
}
