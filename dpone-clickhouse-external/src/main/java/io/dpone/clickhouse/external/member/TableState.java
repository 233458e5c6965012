package io.dpone.clickhouse.external.member;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.UUID;

/** One table name on one member, read over that member's own connection. */
public sealed interface TableState {
    record Absent() implements TableState {}

    /** Exactly one table: its UUID, normalized {@code engine_full} and columns in position order. */
    record Present(UUID uuid, String engineFull, List<ColumnDefinition> columns) implements TableState {
        public Present {
            requireNonNull(uuid, "uuid is null");
            requireNonNull(engineFull, "engineFull is null");
            columns = List.copyOf(requireNonNull(columns, "columns is null"));
        }
    }
}
