package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.flow.Waits;
import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * One invocation's context: its pacing, its queue resolver (which waits with the same
 * cancellation) and the evidence its receipt will carry. Used by one thread.
 */
record ExternalRun(Waits pacing, QueueEntryResolver queue, ExternalEvidence evidence) {
    ExternalRun {
        requireNonNull(pacing, "pacing is null");
        requireNonNull(queue, "queue is null");
        requireNonNull(evidence, "evidence is null");
    }

    /** One read of a bound entry's rows over exactly {@code hosts}; an unreadable queue is unknown on every host. */
    EntryAggregation read(BoundEntry entry, Set<HostEndpoint> hosts) {
        return read(queue, entry, hosts);
    }

    static EntryAggregation read(QueueEntryResolver queue, BoundEntry entry, Set<HostEndpoint> hosts) {
        QueueResolution resolution = queue.read(entry, hosts, QueueEntryResolver.Until.FIRST_READ);
        if (resolution instanceof QueueResolution.Bound bound) {
            return bound.aggregation();
        }
        Map<HostEndpoint, QueueStatus> unknown = new HashMap<>();
        hosts.forEach(host -> unknown.put(host, QueueStatus.OUTCOME_UNKNOWN));
        return new EntryAggregation(QueueStatus.OUTCOME_UNKNOWN, unknown, 0, 0, 0, 0);
    }
}
