package io.dpone.clickhouse.cluster.contract.ddl;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.List;
import java.util.Set;

/**
 * Aggregates the rows read for one bound entry over the exact expected host set. Contract (checked
 * by the testkit's {@code EntryAggregatorContract}): missing, extra, duplicate or mismatched rows
 * yield OUTCOME_UNKNOWN; any unknown row dominates; the entry is terminal only when every expected
 * host has exactly one well-formed Finished row. Total, stateless and thread-safe.
 */
@FunctionalInterface
public interface EntryAggregator {
    EntryAggregation aggregate(BoundEntry entry, Set<HostEndpoint> expectedHosts, List<QueueRow> rows);
}
