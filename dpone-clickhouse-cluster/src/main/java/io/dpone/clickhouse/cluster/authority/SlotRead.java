package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.spi.error.DponeErrorCode;
import java.util.Optional;

/**
 * One read of a slot in one schema ({@link AuthorityPort#readVersioned}). Callers must switch over
 * it: an absent slot may be created, a valid record may be the expected side of a CAS, and a
 * blocked record (malformed, foreign schema, unknown version, oversized) blocks the target and is
 * never overwritten.
 */
public sealed interface SlotRead<R extends SlotRecord> {
    /** No row exists for the target key. */
    record Absent<R extends SlotRecord>() implements SlotRead<R> {}

    /** A row exists at {@code row.keeperVersion()}; {@code decoded} says whether it is a valid record of this schema. */
    record Present<R extends SlotRecord>(VersionedRow row, DecodeResult<R> decoded) implements SlotRead<R> {
        public Present {
            requireNonNull(row, "row is null");
            requireNonNull(decoded, "decoded is null");
        }

        /** The record and version when the row decoded as a valid record. */
        public Optional<SlotVersion<R>> valid() {
            return decoded instanceof DecodeResult.Valid<R> valid
                    ? Optional.of(new SlotVersion<>(valid.record(), row.keeperVersion()))
                    : Optional.empty();
        }
    }

    /**
     * The slot could not be read (after the injected read retry policy gave up) or the answer did
     * not have the control-table shape. {@code summary} is redacted: no SQL, hosts or values.
     */
    record Unavailable<R extends SlotRecord>(String summary) implements SlotRead<R> {
        public Unavailable {
            requireNonNull(summary, "summary is null");
        }

        public DponeErrorCode code() {
            return DponeErrorCode.CLICKHOUSE_CLUSTER_TRANSPORT_FAILED;
        }
    }
}
