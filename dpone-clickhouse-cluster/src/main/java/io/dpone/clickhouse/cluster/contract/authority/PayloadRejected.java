package io.dpone.clickhouse.cluster.contract.authority;

/** Internal control flow of the decoder; always converted to a {@link DecodeResult.Blocked}. */
final class PayloadRejected extends Exception {
    private final BlockReason reason;

    PayloadRejected(BlockReason reason, String detail) {
        super(detail, null, false, false);
        this.reason = reason;
    }

    BlockReason reason() {
        return reason;
    }
}
