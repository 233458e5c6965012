package io.dpone.clickhouse.external.member;

import static java.util.Objects.requireNonNull;

/**
 * One column of a member table as {@code system.columns} shows it, in position order.
 *
 * @param defaultKind {@code default_kind}: empty for an ordinary column, else {@code DEFAULT},
 *     {@code MATERIALIZED}, {@code ALIAS} or {@code EPHEMERAL}
 */
public record ColumnDefinition(String name, String type, String defaultKind) {
    public ColumnDefinition {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        requireNonNull(defaultKind, "defaultKind is null");
    }

    /** An ordinary column. */
    public ColumnDefinition(String name, String type) {
        this(name, type, "");
    }
}
