package io.dpone.clickhouse.cluster.contract.authority;

import static java.util.Objects.requireNonNull;

/**
 * The outcome of decoding one stored row into a record of type {@code R} (the internal V1 record,
 * or another schema's record). Decoding never throws; callers must switch over this.
 */
public sealed interface DecodeResult<R> {
    record Valid<R>(R record) implements DecodeResult<R> {
        public Valid {
            requireNonNull(record, "record is null");
        }
    }

    /**
     * The row blocks the target. {@code detail} is at most {@value #MAX_DETAIL_LENGTH} characters,
     * names only protocol fields and never echoes stored values.
     */
    record Blocked<R>(BlockReason reason, String detail) implements DecodeResult<R> {
        public static final int MAX_DETAIL_LENGTH = 200;

        public Blocked {
            requireNonNull(reason, "reason is null");
            requireNonNull(detail, "detail is null");
            if (detail.length() > MAX_DETAIL_LENGTH) {
                detail = detail.substring(0, MAX_DETAIL_LENGTH);
            }
        }
    }
}
