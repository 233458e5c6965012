package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import java.util.Optional;

/** One read of a slot in one schema. Callers must switch over it. */
public sealed interface SlotRead<R extends SlotRecord> {
    record Absent<R extends SlotRecord>() implements SlotRead<R> {}

    /** A row exists; {@code decoded} says whether it is a valid record of this schema. */
    record Present<R extends SlotRecord>(VersionedRow row, DecodeResult<R> decoded) implements SlotRead<R> {
        public Present {
            requireNonNull(row, "row is null");
            requireNonNull(decoded, "decoded is null");
        }

        public Optional<SlotVersion<R>> valid() {
            return decoded instanceof DecodeResult.Valid<R> valid
                    ? Optional.of(new SlotVersion<>(valid.record(), row.keeperVersion()))
                    : Optional.empty();
        }
    }

    /** The read failed or answered an unexpected shape; {@code summary} is redacted. */
    record Unavailable<R extends SlotRecord>(String summary) implements SlotRead<R> {
        public Unavailable {
            requireNonNull(summary, "summary is null");
        }
    }
}
