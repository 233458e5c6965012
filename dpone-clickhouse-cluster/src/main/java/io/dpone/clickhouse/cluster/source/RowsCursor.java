package io.dpone.clickhouse.cluster.source;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.source.RowCursor;
import io.dpone.spi.source.UnicodeText;
import java.util.Iterator;
import java.util.List;

/**
 * A cursor over rows a host holds in memory. Its byte count follows
 * {@link io.dpone.spi.source.PublicationSource.Rows#declaredBytes()}: a cell's length plus one, two for NULL.
 * A cell with a lone UTF-16 surrogate is {@code SOURCE_MALFORMED}, as the file readers refuse bytes
 * that are not UTF-8: no UTF-8 text carries it, and encoding would silently turn it into {@code ?}.
 */
final class RowsCursor implements RowCursor {
    private final Iterator<List<String>> rows;
    private long bytes;
    private long row;

    RowsCursor(List<List<String>> rows) {
        this.rows = requireNonNull(rows, "rows is null").iterator();
    }

    @Override
    public List<String> next() {
        if (!rows.hasNext()) {
            return null;
        }
        List<String> cells = rows.next();
        row++;
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            bytes += cell == null ? 2 : cell.length() + 1;
            if (cell != null && UnicodeText.hasUnpairedSurrogate(cell)) {
                throw Malformed.at(
                        "row " + row,
                        "cell " + (i + 1) + " holds a lone UTF-16 surrogate, which is not Unicode"
                                + " text (UTF-8 cannot carry it)");
            }
        }
        return cells;
    }

    @Override
    public long bytesRead() {
        return bytes;
    }

    @Override
    public void close() {}
}
