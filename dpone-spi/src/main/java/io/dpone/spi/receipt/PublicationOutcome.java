package io.dpone.spi.receipt;

import io.dpone.spi.manifest.WireName;

/** What a publication (or a status read) proved, in the words of the spec's output contract. */
public enum PublicationOutcome implements WireName {
    /** Every member exposes the desired generation and the operation is complete (cleanup included). */
    COMMITTED("committed"),
    /** Members are mixed and the original queue entry is still in progress; a retry waits for it. */
    WAITING("waiting"),
    /** Members are mixed and the original entry is terminal; both generations are retained for an operator. */
    TERMINAL_PARTIAL("terminal_partial"),
    /** The original entry terminated with failures and no member changed; both generations are retained for an operator. */
    FAILED("failed"),
    /** The evidence cannot prove any state; nothing is dispatched or cleaned on it until the evidence is restored. */
    UNKNOWN("unknown"),
    /** The operation is bound but no publication statement may have been sent yet; a retry continues. */
    PREPARED("prepared"),
    /** External mode: the operation ended before publication after exact owned cleanup; not success. */
    ABORTED("aborted"),
    /** Status only: the target has no authority record. */
    NONE("none");

    private final String wireName;

    PublicationOutcome(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
