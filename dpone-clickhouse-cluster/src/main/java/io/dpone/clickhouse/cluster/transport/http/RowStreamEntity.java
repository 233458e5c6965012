package io.dpone.clickhouse.cluster.transport.http;

import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.source.ByteRowCursor;
import io.dpone.clickhouse.cluster.source.RowBytes;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.RowCursor;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;
import org.apache.hc.core5.http.io.entity.AbstractHttpEntity;

/**
 * A request body written row by row from a cursor, once (not repeatable: the client can never
 * replay it). A cursor that hands out its cells' bytes ({@link ByteRowCursor}, the file readers) is
 * encoded from those, without a {@code String} per cell. A source-side stop (limit, malformed row,
 * cancellation) aborts the write and is kept as the load's result.
 */
final class RowStreamEntity extends AbstractHttpEntity {
    static final int PROGRESS_EVERY_ROWS = 10_000;
    private final RowCursor rows;
    private final int columns;
    private final long maxSourceBytes;
    private final Cancellation cancellation;
    private final ProgressListener progress;
    private long written;
    private volatile LoadResult stopped;

    RowStreamEntity(
            RowCursor rows, int columns, long maxSourceBytes, Cancellation cancellation, ProgressListener progress) {
        super("text/tab-separated-values; charset=UTF-8", null, true);
        this.rows = rows;
        this.columns = columns;
        this.maxSourceBytes = maxSourceBytes;
        this.cancellation = cancellation;
        this.progress = progress;
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        TsvRows tsv = new TsvRows(out);
        try {
            if (rows instanceof ByteRowCursor bytes) {
                for (RowBytes row = bytes.nextBytes(); row != null; row = bytes.nextBytes()) {
                    admit(row.size());
                    tsv.write(row);
                    loaded();
                }
            } else {
                for (List<String> row = rows.next(); row != null; row = rows.next()) {
                    admit(row.size());
                    tsv.write(row);
                    loaded();
                }
            }
        } catch (DponeException malformed) {
            throw stop(malformed);
        }
        tsv.flush();
    }

    /** The checks before a row is sent: its width, the byte bound, cancellation. */
    private void admit(int cells) throws IOException {
        if (cells != columns) {
            throw stop(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                    "row " + (written + 1) + " has " + cells + " cells for " + columns + " columns");
        }
        if (rows.bytesRead() > maxSourceBytes) {
            throw stop(HttpCandidateLoader.limit(maxSourceBytes));
        }
        if (cancellation.isCancelled()) {
            // a stop the operator asked for, not a staging failure (docs/errors/PUBLICATION_CANCELLED.md)
            throw stop(DponeErrorCode.PUBLICATION_CANCELLED, "the load was cancelled");
        }
    }

    /** Reports every {@link #PROGRESS_EVERY_ROWS} rows; a call per row boxed and cost a fifth of the body's time. */
    private void loaded() {
        written++;
        if (written % PROGRESS_EVERY_ROWS == 0) {
            progress.loaded(written, rows.bytesRead(), -1);
        }
    }

    private IOException stop(DponeErrorCode code, String message) {
        return stop(new DponeException(code, message));
    }

    private IOException stop(DponeException cause) {
        stopped = new LoadResult.SourceRejected(cause.code(), cause.getMessage(), written);
        return new IOException("load stopped by its source: " + cause.code());
    }

    Optional<LoadResult> stop() {
        return Optional.ofNullable(stopped);
    }

    long rows() {
        return written;
    }

    long bytes() {
        return rows.bytesRead();
    }

    @Override
    public InputStream getContent() {
        throw new UnsupportedOperationException("a streamed body is written, never read");
    }

    @Override
    public long getContentLength() {
        return -1;
    }

    @Override
    public boolean isRepeatable() {
        return false;
    }

    @Override
    public boolean isStreaming() {
        return true;
    }

    @Override
    public void close() {
        // the cursor belongs to the caller
    }
}
