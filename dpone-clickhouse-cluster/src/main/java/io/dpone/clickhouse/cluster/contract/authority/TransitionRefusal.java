package io.dpone.clickhouse.cluster.contract.authority;

/** Why a proposed authority write is not an allowed V1 transition; stable names for evidence. */
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
    TIME_WENT_BACKWARDS
}
