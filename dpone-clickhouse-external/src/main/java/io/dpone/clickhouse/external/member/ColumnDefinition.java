package io.dpone.clickhouse.external.member;

import static java.util.Objects.requireNonNull;

/**
 * One column of a member table as {@code system.columns} shows it, in position order.
 *
 * @param defaultKind {@code default_kind}: empty for an ordinary column, else {@code DEFAULT},
 *     {@code MATERIALIZED}, {@code ALIAS} or {@code EPHEMERAL}
 * @param ttl the column's own TTL expression, empty when it has none
 */
public record ColumnDefinition(String name, String type, String defaultKind, String ttl) {
    public ColumnDefinition {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        requireNonNull(defaultKind, "defaultKind is null");
        requireNonNull(ttl, "ttl is null");
    }

    /** A column without a TTL of its own. */
    public ColumnDefinition(String name, String type, String defaultKind) {
        this(name, type, defaultKind, "");
    }

    /** An ordinary column. */
    public ColumnDefinition(String name, String type) {
        this(name, type, "", "");
    }
}
