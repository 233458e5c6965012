package io.dpone.clickhouse.cluster.contract.authority;

/**
 * Why a proposed authority write is not an allowed transition of its schema (internal V1 or
 * external); stable names for evidence.
 */
public enum TransitionRefusal {
    TARGET_KEY_CHANGED,
    CREATE_NOT_PREPARED,
    SLOT_NOT_COMPLETED,
    NEW_OPERATION_NOT_PREPARED,
    FENCE_NOT_RENEWED,
    FENCE_CHANGED,
    PHASE_NOT_ALLOWED,
    EPOCH_NOT_ADVANCED_BY_ONE,
    EPOCH_CHANGED,
    BOUND_FACT_CHANGED,
    DDL_BINDING_REWRITTEN,
    TIME_WENT_BACKWARDS,
    /** External schema: a new operation (or a migration) must start in LOCKED. */
    NEW_OPERATION_NOT_LOCKED,
    /** External schema: the member map, a member's target or a proven candidate changed. */
    MEMBER_FACT_CHANGED,
    /** A record of another schema (for example an internal baseline) is never written by this one. */
    FOREIGN_SCHEMA_WRITE
}
