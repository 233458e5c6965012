package io.dpone.clickhouse.external.authority;

/** One member's cleanup record; stored as {@link #name()}. */
public enum CleanupMark {
    /** Cleanup is not finished for this member. */
    NOT_DONE,
    /** The member's predecessor, under the candidate name with its recorded UUID, is proven absent. */
    DROPPED,
    /** Absent target: the member had no predecessor to drop. */
    NOT_NEEDED
}
