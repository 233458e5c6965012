package io.dpone.clickhouse.cluster.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregator;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlPort;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything the service learns from {@code system.distributed_ddl_queue}: binding a dispatched
 * token to its one entry, waiting a bounded time only while no entry is visible yet, and
 * aggregating a bound entry's rows over the exact expected host set. Zero entries after the wait
 * stay unknown: missing queue state never means "not enqueued" (seed section 4).
 */
final class QueueEvidence {
    private final DdlPort ddl;
    private final EntryAggregator aggregator;
    private final PollPolicy visibility;

    QueueEvidence(DdlPort ddl, EntryAggregator aggregator, PollPolicy visibility) {
        this.ddl = requireNonNull(ddl, "ddl is null");
        this.aggregator = requireNonNull(aggregator, "aggregator is null");
        this.visibility = requireNonNull(visibility, "visibility is null");
    }

    /** Binds {@code expected}, repeating the read only while it finds no entry, within the visibility bound. */
    QueueLookup bind(ExpectedDdl expected, Waits waits) {
        for (int attempt = 1; ; attempt++) {
            QueueLookup lookup = ddl.lookup(expected);
            boolean invisible = lookup instanceof QueueLookup.Unknown unknown && unknown.reason() == QueueLookup.Reason.NO_ENTRY;
            if (!invisible || !waits.pause("queue entry", attempt, visibility)) {
                return lookup;
            }
        }
    }

    /** The exact-host-set aggregate of a bound entry; an unreadable queue is OUTCOME_UNKNOWN for every host. */
    EntryAggregation aggregate(BoundEntry entry, Set<HostEndpoint> hosts) {
        CatalogRead<List<QueueRow>> rows = ddl.hostRows(entry);
        if (rows instanceof CatalogRead.Observed<List<QueueRow>> observed) {
            return aggregator.aggregate(entry, hosts, observed.facts());
        }
        Map<HostEndpoint, QueueStatus> unknown = new java.util.HashMap<>();
        hosts.forEach(host -> unknown.put(host, QueueStatus.OUTCOME_UNKNOWN));
        return new EntryAggregation(QueueStatus.OUTCOME_UNKNOWN, unknown, 0, 0, 0, 0);
    }
}
