package io.dpone.clickhouse.cluster.contract.phase;

import java.util.EnumSet;
import java.util.Set;

/**
 * The persisted phase of one target's authority record (spec sections 3 and 6 and the state
 * machine). PartialInProgress, PartialTerminal and Unknown are classifications of a DISPATCHING
 * record, not phases: an unresolved outcome is never written as if it were progress.
 * The stored text is {@link #name()}.
 */
public enum AuthorityPhase {
    /** Inventory, identities, candidate and row count are bound; no DDL may have been sent. */
    PREPARED,
    /** The publication statement may have been sent under the current dispatch epoch. */
    DISPATCHING,
    /** Every replica is committed and the terminal publication receipt is persisted. */
    COMMITTED,
    /** The cleanup drop may have been sent under the current dispatch epoch. */
    CLEANUP_DISPATCHING,
    /** A cleanup drop was incomplete or its reply was lost; reconcile before redispatch. */
    CLEANUP_PENDING,
    /** The operation is finished; the record is the next operation's baseline. */
    COMPLETED;

    /** True when a CAS into this phase starts a new dispatch epoch (epoch + 1). */
    public boolean startsDispatchEpoch() {
        return this == DISPATCHING || this == CLEANUP_DISPATCHING;
    }

    /** Only a completed slot may be taken over by a new operation (spec section 3). */
    public boolean admitsNewOperation() {
        return this == COMPLETED;
    }

    /** The phases the same operation may CAS into from this one. */
    public Set<AuthorityPhase> sameOperationSuccessors() {
        return switch (this) {
            case PREPARED -> EnumSet.of(DISPATCHING);
            // DISPATCHING -> DISPATCHING persists the bound entry; -> COMMITTED persists the receipt.
            case DISPATCHING -> EnumSet.of(DISPATCHING, COMMITTED);
            case COMMITTED -> EnumSet.of(CLEANUP_DISPATCHING, COMPLETED);
            case CLEANUP_DISPATCHING -> EnumSet.of(CLEANUP_DISPATCHING, CLEANUP_PENDING, COMPLETED);
            case CLEANUP_PENDING -> EnumSet.of(CLEANUP_DISPATCHING, COMPLETED);
            case COMPLETED -> EnumSet.noneOf(AuthorityPhase.class);
        };
    }

    /** The stored phase with this exact text, or null. */
    public static AuthorityPhase fromStored(String text) {
        for (AuthorityPhase phase : values()) {
            if (phase.name().equals(text)) {
                return phase;
            }
        }
        return null;
    }
}
