package io.dpone.spi.source;

import java.util.List;

/**
 * A forward-only pass over source rows. Each row has one cell per column, in column order; a
 * cell is the value's ClickHouse text form (as a TabSeparated field reads after unescaping) or
 * {@code null} for SQL NULL. A cursor is used from one thread and closed exactly once.
 *
 * <p>Malformed input surfaces as a {@link io.dpone.spi.error.DponeException} with a stable code
 * whose message names the row number and the rule, never the cell text.
 */
public interface RowCursor extends AutoCloseable {
    /** The next row, or {@code null} after the last one. The list may be reused by the next call. */
    List<String> next();

    /** Bytes consumed from the underlying source so far (for limits and progress). */
    long bytesRead();

    @Override
    void close();
}
