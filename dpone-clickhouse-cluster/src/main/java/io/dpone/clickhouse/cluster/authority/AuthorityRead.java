package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.spi.error.DponeErrorCode;
import java.util.Optional;

/**
 * The outcome of {@link AuthorityPort#readVersioned}. Callers must switch over it: an absent slot
 * may be created, a valid record may be the expected side of a CAS, and a blocked record (malformed,
 * foreign schema, unknown version, oversized) blocks the target and is never overwritten.
 */
public sealed interface AuthorityRead {
    /** No row exists for the target key. */
    record Absent() implements AuthorityRead {}

    /** A row exists at {@code row.keeperVersion()}; {@code decoded} says whether it is a usable record. */
    record Present(VersionedRow row, DecodeResult<AuthorityRecord> decoded) implements AuthorityRead {
        public Present {
            requireNonNull(row, "row is null");
            requireNonNull(decoded, "decoded is null");
        }

        /** The record and version when the row decoded as a valid V1 record. */
        public Optional<VersionedRecord> valid() {
            return decoded instanceof DecodeResult.Valid<AuthorityRecord> valid
                    ? Optional.of(new VersionedRecord(valid.record(), row.keeperVersion()))
                    : Optional.empty();
        }
    }

    /**
     * The slot could not be read (after the injected read retry policy gave up) or the answer did
     * not have the control-table shape. {@code summary} is redacted: no SQL, hosts or values.
     */
    record Unavailable(String summary) implements AuthorityRead {
        public Unavailable {
            requireNonNull(summary, "summary is null");
        }

        public DponeErrorCode code() {
            return DponeErrorCode.CLICKHOUSE_CLUSTER_TRANSPORT_FAILED;
        }
    }
}
