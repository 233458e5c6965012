package io.dpone.clickhouse.cluster.source;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.source.RowCursor;
import java.util.Iterator;
import java.util.List;

/**
 * A cursor over rows a host holds in memory. Its byte count follows
 * {@link io.dpone.spi.source.PublicationSource.Rows#declaredBytes()}: a cell's length plus one, two for NULL.
 */
final class RowsCursor implements RowCursor {
    private final Iterator<List<String>> rows;
    private long bytes;

    RowsCursor(List<List<String>> rows) {
        this.rows = requireNonNull(rows, "rows is null").iterator();
    }

    @Override
    public List<String> next() {
        if (!rows.hasNext()) {
            return null;
        }
        List<String> row = rows.next();
        for (String cell : row) {
            bytes += cell == null ? 2 : cell.length() + 1;
        }
        return row;
    }

    @Override
    public long bytesRead() {
        return bytes;
    }

    @Override
    public void close() {
    }
}
