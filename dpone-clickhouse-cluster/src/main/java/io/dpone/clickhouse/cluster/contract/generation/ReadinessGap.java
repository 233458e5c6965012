package io.dpone.clickhouse.cluster.contract.generation;

/** One reason the readiness barrier is not yet passed; stable names, safe for evidence. */
public enum ReadinessGap {
    MISSING_MEMBER,
    UNEXPECTED_MEMBER,
    DUPLICATE_MEMBER,
    READONLY,
    SESSION_EXPIRED,
    QUEUE_NOT_EMPTY,
    REPLICATION_EXCEPTION,
    REPLICA_COUNT_MISMATCH,
    LOG_NOT_CAUGHT_UP,
    ROW_COUNT_MISMATCH
}
