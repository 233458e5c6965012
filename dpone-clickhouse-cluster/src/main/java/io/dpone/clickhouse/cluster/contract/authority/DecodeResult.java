package io.dpone.clickhouse.cluster.contract.authority;

import static java.util.Objects.requireNonNull;

/** The outcome of decoding one stored row. Decoding never throws; callers must switch over this. */
public sealed interface DecodeResult {
    record Valid(AuthorityRecord record) implements DecodeResult {
        public Valid {
            requireNonNull(record, "record is null");
        }
    }

    /**
     * The row blocks the target. {@code detail} is at most {@value #MAX_DETAIL_LENGTH} characters,
     * names only protocol fields and never echoes stored values.
     */
    record Blocked(BlockReason reason, String detail) implements DecodeResult {
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
