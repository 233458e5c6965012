package io.dpone.clickhouse.cluster.contract.reconcile;

/** What section 6 allows next for a committed publication. */
public enum CleanupDecision {
    /** COMMITTED, every replica committed, receipt terminal, replication healthy: CAS to CLEANUP_DISPATCHING, then drop once. */
    DISPATCH_PERMITTED_AFTER_CAS,
    /** A terminal drop left predecessor copies; every remaining object is the exact predecessor: new epoch, drop again. */
    REDISPATCH_PERMITTED_AFTER_CAS,
    /** The bound drop entry is still active: wait for it only. */
    WAIT_FOR_CLEANUP_ENTRY,
    /** The candidate is absent and the target desired everywhere, and the drop entry is terminal: CAS to COMPLETED. */
    CLEANUP_VERIFIED,
    /** Absent-target publication: there is no predecessor; CAS to COMPLETED. */
    NOTHING_TO_CLEAN,
    /** Anything else: no drop, no completion; an operator decides. */
    PROHIBITED;

    /** True for the two decisions that may lead to a DROP statement. */
    public boolean permitsDrop() {
        return this == DISPATCH_PERMITTED_AFTER_CAS || this == REDISPATCH_PERMITTED_AFTER_CAS;
    }

    /** True for the two decisions that may CAS the record to COMPLETED. */
    public boolean permitsCompletion() {
        return this == CLEANUP_VERIFIED || this == NOTHING_TO_CLEAN;
    }
}
