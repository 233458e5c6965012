package io.dpone.clickhouse.external.member;

import static java.util.Objects.requireNonNull;

/** One column of a member table as {@code system.columns} shows it, in position order. */
public record ColumnDefinition(String name, String type) {
    public ColumnDefinition {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
    }
}
