package io.dpone.clickhouse.cluster.flow;

import io.dpone.clickhouse.cluster.contract.authority.PhaseHistory;
import java.time.Instant;
import java.util.Map;

/**
 * The time fields of one receipt, the same in both modes: a publication's per-phase
 * {@code timings}, and the record's {@code record_times} with, for a status read, how long the
 * record has stood in its phase, and its {@code phase_durations}. Used by one thread.
 */
public final class ReceiptTimes {
    private final PhaseTimings timings;
    private Instant readAt;

    private ReceiptTimes(PhaseTimings timings) {
        this.timings = timings;
    }

    /** A publication's: timed per phase. */
    public static ReceiptTimes of(PhaseTimings timings) {
        return new ReceiptTimes(java.util.Objects.requireNonNull(timings, "timings is null"));
    }

    /** A status read's: no phases of its own, the record's times as of {@link #readAt}. */
    public static ReceiptTimes ofRead() {
        return new ReceiptTimes(null);
    }

    /** When a status read looked. */
    public void readAt(Instant now) {
        readAt = now;
    }

    /** Adds {@code timings} (publication) and {@code record_times}; without a record both record fields are omitted. */
    public void put(Map<String, Object> detail, Instant createdAt, Instant updatedAt) {
        if (timings != null) {
            detail.put("timings", timings.receiptField());
        }
        if (createdAt != null) {
            detail.put("record_times", ReceiptFields.recordTimes(createdAt, updatedAt, readAt));
        }
    }

    /**
     * Adds {@code timings}, {@code record_times} and the record's {@code phase_durations}
     * ({@link ReceiptFields#phaseDurations}); {@code finished} when the record's phase ends the
     * operation.
     */
    public void put(
            Map<String, Object> detail,
            Instant createdAt,
            Instant updatedAt,
            PhaseHistory phases,
            String phase,
            boolean finished) {
        put(detail, createdAt, updatedAt);
        detail.put("phase_durations", ReceiptFields.phaseDurations(phases, phase, finished, createdAt, readAt));
    }
}
