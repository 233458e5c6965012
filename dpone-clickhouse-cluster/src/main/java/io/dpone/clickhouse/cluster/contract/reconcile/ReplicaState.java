package io.dpone.clickhouse.cluster.contract.reconcile;

/** One replica's catalog state relative to the authority record (spec section 5). */
public enum ReplicaState {
    /** Existing target: target is predecessor, candidate is desired. Absent target: target absent, candidate desired. */
    PENDING,
    /** Existing target: target desired, candidate predecessor. Absent target: target desired, candidate absent. */
    COMMITTED,
    /** Existing target only: target desired and candidate absent after cleanup. */
    CLEANUP_PENDING,
    /** Any other mapping, including every missing, additional or mismatched identity. */
    UNKNOWN
}
