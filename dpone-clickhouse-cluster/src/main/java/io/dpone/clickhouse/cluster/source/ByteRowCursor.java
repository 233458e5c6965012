package io.dpone.clickhouse.cluster.source;

import io.dpone.spi.source.RowCursor;

/**
 * A cursor that can also hand out each row as its cells' decoded bytes, for a consumer that
 * re-encodes them without building text (the candidate load). A cursor is read one way or the
 * other, never both; the same checks and failures apply either way.
 */
public interface ByteRowCursor extends RowCursor {
    /** The next row's cells, or {@code null} after the last one; reused by the next call. */
    RowBytes nextBytes();
}
