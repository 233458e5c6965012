package io.dpone.clickhouse.cluster.catalog;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One strict catalog read, shared by the catalog and facade adapters: the request carries
 * {@code skip_unavailable_shards = 0}, {@code prefer_localhost_replica = 0} and a server-side
 * {@code max_execution_time}; a failed read or an answer of unexpected shape is
 * {@link CatalogRead.Unreadable} as a whole, never partial facts. Thread-safe if the transport
 * and supplier are.
 */
final class StrictReads {
    private final ReadTransport reads;
    private final Supplier<String> queryIds;
    private final long maxExecutionSeconds;

    StrictReads(ReadTransport reads, Supplier<String> queryIds, long maxExecutionSeconds) {
        this.reads = requireNonNull(reads, "reads is null");
        this.queryIds = requireNonNull(queryIds, "queryIds is null");
        if (maxExecutionSeconds < 1) {
            throw new IllegalArgumentException("maxExecutionSeconds must be positive");
        }
        this.maxExecutionSeconds = maxExecutionSeconds;
    }

    /** Runs {@code statement} and maps the whole answer with {@code facts}, which may throw {@link Cells.Malformed}. */
    <T> CatalogRead<T> read(SqlStatement statement, Function<ReadResult, T> facts) {
        QueryContext context = QueryContext.of(queryIds.get())
                .with(ServerSetting.SKIP_UNAVAILABLE_SHARDS, "0")
                .with(ServerSetting.PREFER_LOCALHOST_REPLICA, "0")
                .with(ServerSetting.MAX_EXECUTION_TIME, Long.toString(maxExecutionSeconds));
        ReadOutcome outcome = reads.read(statement, context);
        if (outcome instanceof ReadOutcome.Failed failed) {
            return CatalogRead.Unreadable.failed(failed.failure());
        }
        try {
            return new CatalogRead.Observed<>(facts.apply(((ReadOutcome.Rows) outcome).result()));
        } catch (Cells.Malformed | IndexOutOfBoundsException | ArithmeticException | IllegalArgumentException e) {
            return CatalogRead.Unreadable.malformed();
        }
    }
}
