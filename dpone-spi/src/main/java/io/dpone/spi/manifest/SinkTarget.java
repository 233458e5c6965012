package io.dpone.spi.manifest;

import static java.util.Objects.requireNonNull;

/** {@code sink.target}: the qualified ClickHouse table that publication replaces. */
public record SinkTarget(String database, String table) {
    public SinkTarget {
        requireNonNull(database, "database is null");
        requireNonNull(table, "table is null");
        if (!Identifiers.isAdmissible(database) || !Identifiers.isAdmissible(table)) {
            throw new IllegalArgumentException(
                    "target names must be non-blank, bounded and free of control characters");
        }
    }
}
