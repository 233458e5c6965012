package io.dpone.clickhouse.cluster.engine;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.flow.Waits;
import io.dpone.clickhouse.cluster.port.BoundedWait;

/**
 * What {@link Cleanup} takes from the invocation it runs in, the same in both modes, so a
 * {@link CleanupDriver} answers only for its mode: the invocation's waits, its queue resolver,
 * the evidence its receipt carries and how long it waits for a bound drop entry to terminate.
 *
 * @param <R> the mode's record schema
 */
public record CleanupContext<R extends SlotRecord>(
        Waits waits, QueueEntryResolver queue, Evidence<R> evidence, BoundedWait entryProgress) {
    public CleanupContext {
        requireNonNull(waits, "waits is null");
        requireNonNull(queue, "queue is null");
        requireNonNull(evidence, "evidence is null");
        requireNonNull(entryProgress, "entryProgress is null");
    }
}
