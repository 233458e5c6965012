package io.dpone.clickhouse.cluster.port;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import java.util.List;

/**
 * Distributed DDL (seed section 4): capability preflight, one-shot dispatch and queue lookup. It
 * has no retrying publication method: a dispatch is one transport invocation, and its outcome is
 * resolved only through the queue. Thread-safe if the underlying transports are.
 */
public interface DdlPort {
    /** {@code distributed_ddl_entry_format_version} and the queue's settings column type. */
    CatalogRead<CapabilityPreflight.Facts> preflight();

    /**
     * Sends {@code statement} exactly once with {@code skip_unavailable_shards = 0},
     * {@code distributed_ddl_output_mode = throw}, {@code distributed_ddl_task_timeout =
     * taskTimeoutSeconds} and {@code log_comment = correlationToken}.
     */
    MutationOutcome dispatch(SqlStatement statement, String queryId, String correlationToken, long taskTimeoutSeconds);

    /** The single entry of the expected cluster and token, parsed back and checked. */
    QueueLookup lookup(ExpectedDdl expected);

    /** Every per-host row of a bound entry, raw, for the normalizer and aggregator. */
    CatalogRead<List<QueueRow>> hostRows(BoundEntry entry);
}
