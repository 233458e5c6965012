package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;

/** A table fixture: its columns and engine. The same spec creates it in the simulator and on a real server. */
public record TableSpec(List<ColumnSpec> columns, EngineSpec engine) {
    public TableSpec {
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        requireNonNull(engine, "engine is null");
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a table has at least one column");
        }
    }

    /** {@code (id UInt64, v String DEFAULT 'x')} on {@code ReplicatedMergeTree} at the default path, ordered by id. */
    public static TableSpec replicatedEvents() {
        return new TableSpec(
                List.of(ColumnSpec.of("id", "UInt64"), ColumnSpec.withDefault("v", "String", "'x'")),
                EngineSpec.Replicated.byUuid("id"));
    }

    /** The same columns on plain {@code MergeTree}. */
    public static TableSpec mergeTreeEvents() {
        return new TableSpec(replicatedEvents().columns(), new EngineSpec.MergeTree("MergeTree", "id"));
    }

    /** The local {@code CREATE TABLE} with an explicit UUID that a real member runs for this spec. */
    public String createStatement(TableRef table, UUID uuid) {
        return "CREATE TABLE " + table.render() + " UUID '" + uuid + "' ("
                + columns.stream().map(ColumnSpec::declaration).collect(Collectors.joining(", ")) + ") ENGINE = "
                + engine.clause();
    }
}
