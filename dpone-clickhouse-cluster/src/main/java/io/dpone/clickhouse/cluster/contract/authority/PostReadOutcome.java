package io.dpone.clickhouse.cluster.contract.authority;

/** What the exact post-read after an acknowledged authority write proves (spec section 3, steps 6-7). */
public enum PostReadOutcome {
    /** The row is exactly the written row at exactly the expected new version. */
    VERIFIED,
    /** The version did not advance: the predicate matched nothing (KeeperMap's successful no-op). */
    NOT_APPLIED,
    /** The row belongs to another operation or fence. */
    FOREIGN_RECORD,
    /** The version advanced past the expected one: another write (or a hidden retry) happened. */
    UNEXPECTED_VERSION,
    /** Same operation and fence at the expected version, but not the written content. */
    WRITE_MISMATCH,
    /** The key could not be read back. */
    ROW_MISSING
}
