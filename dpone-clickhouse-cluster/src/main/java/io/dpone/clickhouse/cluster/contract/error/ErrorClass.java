package io.dpone.clickhouse.cluster.contract.error;

/**
 * What a ClickHouse server error means for the request that produced it. Stable: adapters and the
 * publication service switch over it.
 */
public enum ErrorClass {
    /** Transient refusal; the statement did not take effect. A read may be retried by policy. */
    RETRYABLE,
    /** The server evaluated the request against current state and refused it (exists, bad version). */
    CONFLICT,
    /** Definitive refusal of the request itself (syntax, permission, capability); retrying cannot help. */
    FATAL,
    /** The statement may or may not have taken effect (timeout, cancellation, lost coordination). */
    AMBIGUOUS
}
