package io.dpone.clickhouse.external.artifact;

import static java.util.Objects.requireNonNull;

/** One artifact column: its name and sealed type. */
public record TypedColumn(String name, ColumnType type) {
    public TypedColumn {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a column name is non-blank");
        }
    }
}
