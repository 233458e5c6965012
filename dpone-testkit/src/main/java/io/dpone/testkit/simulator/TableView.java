package io.dpone.testkit.simulator;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A snapshot of one table on one member: UUID, engine, {@code engine_full}, columns, row count and,
 * for a replicated table, its expanded replication path, replica name and replication progress.
 */
public record TableView(
        UUID uuid,
        String engine,
        String engineFull,
        List<ColumnSpec> columns,
        long rows,
        Optional<String> zookeeperPath,
        Optional<String> replicaName,
        Optional<Long> logPointer,
        Optional<Integer> queueSize) {
    public TableView {
        columns = List.copyOf(columns);
    }
}
