package io.dpone.clickhouse.cluster.port;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.RowCursor;
import java.util.List;

/**
 * Loads source rows into the operation's own, unpublished candidate through the one admitted
 * connection, as one streamed insert: rows flow from the cursor to the server and are never all
 * held in memory. The load is one transport invocation and is never retried; any outcome but
 * {@link LoadResult.Loaded} may have left part of the rows in the candidate, so the caller
 * discards its owned staging instead of loading again into it. Thread-safe if the transport is.
 */
public interface CandidateLoadPort {
    /**
     * @param columns the candidate columns the cells are for, in cursor order
     * @param maxSourceBytes the manifest's {@code max_source_bytes}: the load stops with
     *     {@link LoadResult.SourceRejected} once the cursor has read more
     */
    LoadResult load(
            TableRef candidate,
            List<String> columns,
            RowCursor rows,
            long maxSourceBytes,
            Cancellation cancellation,
            ProgressListener progress);
}
