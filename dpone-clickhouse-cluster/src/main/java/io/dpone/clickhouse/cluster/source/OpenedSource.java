package io.dpone.clickhouse.cluster.source;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.source.RowCursor;
import io.dpone.spi.source.SourceColumn;
import java.util.List;

/**
 * An opened source: its columns (from the header, or as declared for headerless kinds) and a
 * cursor positioned before the first data row. Closing closes the cursor.
 */
public record OpenedSource(List<SourceColumn> columns, RowCursor cursor) implements AutoCloseable {
    public OpenedSource {
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        requireNonNull(cursor, "cursor is null");
    }

    @Override
    public void close() {
        cursor.close();
    }
}
