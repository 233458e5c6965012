package io.dpone.clickhouse.external.authority;

import io.dpone.clickhouse.cluster.contract.authority.BlockReason;

/** Why a stored row is not a valid external record; the detail names fields, never stored values. */
final class Rejected extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient BlockReason reason;

    Rejected(BlockReason reason, String detail) {
        super(detail, null, false, false);
        this.reason = reason;
    }

    BlockReason reason() {
        return reason;
    }

    static Rejected malformed(String detail) {
        return new Rejected(BlockReason.MALFORMED, detail);
    }
}
