package io.dpone.clickhouse.external.authority;

/** One member's publication record; stored as {@link #name()}. */
public enum PublicationMark {
    /** The member's target still exposes its predecessor (or nothing was dispatched yet). */
    NOT_COMMITTED,
    /** The member's target exposes its desired member generation (proven at COMMITTED). */
    COMMITTED
}
