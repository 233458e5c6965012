package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.engine.SlotWrites;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import java.util.function.UnaryOperator;

/**
 * The record version one worker's member stagings share while they run at once. Their writes go
 * one at a time, each a CAS from the version this worker's own last write left: a sibling member's
 * write never fences another's, while any write of another worker since makes the next CAS fail,
 * exactly as a write from the version a decision was made on would (siblings only ever change
 * their own member). Thread-safe.
 */
final class RecordCursor {
    private final SlotWrites<ExternalSlot> writes;
    private SlotVersion<ExternalSlot> current;

    RecordCursor(SlotWrites<ExternalSlot> writes, SlotVersion<ExternalSlot> start) {
        this.writes = requireNonNull(writes, "writes is null");
        this.current = requireNonNull(start, "start is null");
    }

    synchronized SlotVersion<ExternalSlot> current() {
        return current;
    }

    /** One CAS of {@code change} applied to the latest record this worker wrote or started from. */
    synchronized SlotWrites.Step<ExternalSlot> write(UnaryOperator<ExternalRecord> change, ExternalEvidence evidence) {
        SlotWrites.Step<ExternalSlot> step =
                writes.write(current, change.apply((ExternalRecord) current.record()), evidence);
        if (step instanceof SlotWrites.Step.Advanced<ExternalSlot> advanced && advanced.written()) {
            current = advanced.current();
        }
        return step;
    }
}
