package io.dpone.clickhouse.external.authority;

import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The persisted phase of an external record (spec 001, "State and retry contract"). The stored
 * text is {@link #name()}.
 */
public enum ExternalPhase {
    /** The target fence is held before any source I/O; nothing is bound yet. */
    LOCKED,
    /** The artifact, the baseline and the member map are bound; member candidates are being staged. */
    STAGING,
    /** Every required member is READY: its candidate holds exactly the artifact's typed content. */
    STAGED,
    /** One correlated cluster DDL was permitted under the current dispatch epoch. */
    PUBLICATION_DISPATCHING,
    /** Every target exposes its desired member generation and the publication receipt is persisted. */
    COMMITTED,
    /** Exact predecessor cleanup may have been sent under the current dispatch epoch. */
    CLEANUP_DISPATCHING,
    /** Publication and the required cleanup are proven; the record is the next operation's baseline. */
    COMPLETED,
    /** An unsupported pre-publication ending after exact owned cleanup; not success. */
    ABORTED;

    /** True when {@code text} is exactly a phase's stored name. */
    public static boolean isStored(String text) {
        for (ExternalPhase phase : values()) {
            if (phase.name().equals(text)) {
                return true;
            }
        }
        return false;
    }

    /** True when a CAS into this phase from another one opens a new dispatch epoch. */
    public boolean opensDispatchEpoch() {
        return this == PUBLICATION_DISPATCHING || this == CLEANUP_DISPATCHING;
    }

    /** Only a finished record may be taken over by a new operation, by a version-checked CAS. */
    public boolean admitsNewOperation() {
        return this == COMPLETED || this == ABORTED;
    }

    /** True before the publication statement may have been sent: candidates are still unpublished. */
    public boolean prePublication() {
        return this == LOCKED || this == STAGING || this == STAGED;
    }

    /** The phases the same operation may CAS into from this one. */
    public Set<ExternalPhase> successors() {
        return switch (this) {
            case LOCKED -> EnumSet.of(STAGING, ABORTED);
            // STAGING -> STAGING records member progress.
            case STAGING -> EnumSet.of(STAGING, STAGED, ABORTED);
            // STAGED -> STAGING withdraws the publication permit before a fenced operation's owned candidates
            // are dropped on the way to ABORTED: no dispatch CAS can follow it, and nothing was sent yet.
            case STAGED -> EnumSet.of(PUBLICATION_DISPATCHING, STAGING);
            // -> itself persists the bound entry.
            case PUBLICATION_DISPATCHING -> EnumSet.of(PUBLICATION_DISPATCHING, COMMITTED);
            case COMMITTED -> EnumSet.of(CLEANUP_DISPATCHING, COMPLETED);
            // -> itself persists the bound entry, its receipt, or a redispatch under a new epoch.
            case CLEANUP_DISPATCHING -> EnumSet.of(CLEANUP_DISPATCHING, COMPLETED);
            case COMPLETED, ABORTED -> EnumSet.noneOf(ExternalPhase.class);
        };
    }

    /**
     * The phase of the shared section 5 and 6 classifiers this phase is judged as: STAGED is the
     * internal PREPARED (everything bound, nothing sent).
     */
    public Optional<AuthorityPhase> classifierPhase() {
        return switch (this) {
            case STAGED -> Optional.of(AuthorityPhase.PREPARED);
            case PUBLICATION_DISPATCHING -> Optional.of(AuthorityPhase.DISPATCHING);
            case COMMITTED -> Optional.of(AuthorityPhase.COMMITTED);
            case CLEANUP_DISPATCHING -> Optional.of(AuthorityPhase.CLEANUP_DISPATCHING);
            case COMPLETED -> Optional.of(AuthorityPhase.COMPLETED);
            default -> Optional.empty();
        };
    }

    /** The stored phase with this exact text, or null. */
    public static ExternalPhase fromStored(String text) {
        for (ExternalPhase phase : values()) {
            if (phase.name().equals(text)) {
                return phase;
            }
        }
        return null;
    }
}
