package io.dpone.clickhouse.cluster.service;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.RowCursor;
import io.dpone.spi.source.SourceColumn;
import java.util.List;

/**
 * Opens a described source for one pass. Refusals (an unsupported kind, an unreadable or malformed
 * header) are {@link io.dpone.spi.error.DponeException}s with stable codes, thrown before any
 * mutation the caller would make with the rows.
 */
@FunctionalInterface
public interface SourceOpener {
    Opened open(PublicationSource source);

    /** The source's columns (names, declared types when the format has them) and a cursor over its rows. */
    record Opened(List<SourceColumn> columns, RowCursor cursor) {
        public Opened {
            columns = List.copyOf(requireNonNull(columns, "columns is null"));
            requireNonNull(cursor, "cursor is null");
        }
    }
}
