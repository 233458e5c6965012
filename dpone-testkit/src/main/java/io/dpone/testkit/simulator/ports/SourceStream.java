package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.RowCursor;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Reads a load's cursor with the stops of the real streamed insert ({@code RowStreamEntity}): a row
 * with the wrong cell count, more than {@code max_source_bytes}, cancellation or malformed input end
 * it as {@link LoadResult.SourceRejected}; full blocks are handed to {@code commitBlock} as they fill,
 * as the server commits a part per block of {@code max_insert_block_size} rows.
 */
final class SourceStream {
    static final long BLOCK_ROWS = 1_048_449;
    private static final int PROGRESS_EVERY_ROWS = 10_000;

    private long written;
    private long pending;

    /** Streams every row; returns the stop, or null when the cursor ended. */
    LoadResult.SourceRejected stream(
            RowCursor rows,
            int columns,
            long maxSourceBytes,
            Cancellation cancellation,
            ProgressListener progress,
            LongConsumer commitBlock) {
        try {
            for (List<String> row = rows.next(); row != null; row = rows.next()) {
                if (row.size() != columns) {
                    return stop(
                            DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                            "row " + (written + 1) + " has " + row.size() + " cells for " + columns + " columns");
                }
                if (rows.bytesRead() > maxSourceBytes) {
                    return stop(
                            DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE,
                            "the source is larger than max_source_bytes (" + maxSourceBytes + " bytes)");
                }
                if (cancellation.isCancelled()) {
                    return stop(DponeErrorCode.PUBLICATION_CANCELLED, "the load was cancelled");
                }
                written++;
                if (++pending == BLOCK_ROWS) {
                    commitBlock.accept(pending);
                    pending = 0;
                }
                if (written % PROGRESS_EVERY_ROWS == 0) {
                    progress.loaded(written, rows.bytesRead(), -1);
                }
            }
        } catch (DponeException malformed) {
            return new LoadResult.SourceRejected(malformed.code(), malformed.getMessage(), written);
        }
        return null;
    }

    /** Rows read but not yet committed in a block. */
    long pending() {
        return pending;
    }

    long written() {
        return written;
    }

    private LoadResult.SourceRejected stop(DponeErrorCode code, String message) {
        DponeException cause = new DponeException(code, message);
        return new LoadResult.SourceRejected(cause.code(), cause.getMessage(), written);
    }
}
