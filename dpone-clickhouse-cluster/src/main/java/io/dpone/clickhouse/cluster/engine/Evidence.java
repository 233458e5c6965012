package io.dpone.clickhouse.cluster.engine;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;

/**
 * What an invocation observed, for its receipt, as the engine reports it; each mode's evidence
 * builds the receipt from it.
 *
 * @param <R> the mode's record schema
 */
public interface Evidence<R extends SlotRecord> {
    /** The slot version the invocation continues from. */
    void record(SlotVersion<R> current);

    /** A named step the invocation took (value-free). */
    void step(String name);

    /** The cleanup drop's entry as last read across the hosts, or null when none was read. */
    void cleanupHosts(EntryAggregation aggregation);
}
