package io.dpone.clickhouse.external.authority;

/** How far one member's candidate got during STAGING; stored as {@link #name()}. */
public enum MemberStage {
    /** Nothing recorded: no candidate of this operation is known on the member. */
    PENDING,
    /** The member's own candidate (its UUID recorded) exists and may hold part of the artifact. */
    LOADING,
    /** The candidate's re-observed canonical content digest equals the artifact's. */
    READY,
    /** The owned candidate was dropped and its absence proven (only on the way to ABORTED). */
    DISCARDED
}
