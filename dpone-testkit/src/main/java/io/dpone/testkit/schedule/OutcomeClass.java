package io.dpone.testkit.schedule;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** How a schedule ended, from its last attempt (each mode's runner classifies its own attempts); {@link #REQUIRED} (internal) and {@link #REQUIRED_EXTERNAL} must each occur in a default run. */
public enum OutcomeClass {
    COMMITTED,
    /** Members mixed and the original entry still running: the receipt's classification is PARTIAL_IN_PROGRESS. */
    PARTIAL_IN_PROGRESS,
    /** Any other wait: the entry running with no member committed yet, a cleanup entry still running, ... */
    WAITING,
    /** Members mixed and the original entry terminal. */
    TERMINAL_PARTIAL,
    /** Nothing proven: an unknown receipt, or a lost response to taking the slot. */
    UNKNOWN,
    /** Another operation holds the target unresolved: fenced. */
    CONFLICT,
    /** The entry failed on every member and no member changed. */
    FAILED,
    /** The operation holds the slot but nothing may have been sent. */
    PREPARED,
    /** Refused before taking the slot (drift, a member down, staging not proven, ...): nothing published. */
    REFUSED,
    /** Every worker that would have reported crashed, and nothing reran. */
    CRASHED,
    /** External mode: an unsupported pre-publication ending after exact owned cleanup (not success). */
    ABORTED;

    public static final Set<OutcomeClass> REQUIRED =
            EnumSet.of(COMMITTED, PARTIAL_IN_PROGRESS, TERMINAL_PARTIAL, UNKNOWN, CONFLICT);
    /** External mode also has to reach a staging that stopped (prepared) and an unsupported ending (aborted). */
    public static final Set<OutcomeClass> REQUIRED_EXTERNAL =
            EnumSet.of(COMMITTED, PARTIAL_IN_PROGRESS, TERMINAL_PARTIAL, UNKNOWN, CONFLICT, PREPARED, ABORTED);

    /** True when rerunning the same invocation cannot change the outcome without an operator. */
    public boolean settled() {
        return this == COMMITTED || this == TERMINAL_PARTIAL || this == FAILED || this == ABORTED;
    }

    /** The name in {@code bench/simulate.sh}'s summary line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
