package io.dpone.testkit.arbitrary;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.List;
import java.util.Set;

/** One bound entry, its exact expected host set and the queue rows read for it. */
public record EntryScenario(BoundEntry entry, Set<HostEndpoint> expectedHosts, List<QueueRow> rows) {
    public EntryScenario {
        requireNonNull(entry, "entry is null");
        expectedHosts = Set.copyOf(requireNonNull(expectedHosts, "expectedHosts is null"));
        rows = List.copyOf(requireNonNull(rows, "rows is null"));
    }

    public EntryScenario withRows(List<QueueRow> reordered) {
        return new EntryScenario(entry, expectedHosts, reordered);
    }
}
