package io.dpone.clickhouse.cluster.contract.authority;

import io.dpone.spi.error.DponeErrorCode;

/**
 * Why a stored authority row is not a usable record. Every reason blocks the target: the record
 * is never overwritten automatically and maps to {@link #code()}.
 */
public enum BlockReason {
    /** A column is NULL or ill-formed, or the payload is not the V1 JSON shape. */
    MALFORMED,
    /** The payload declares a schema version this codec does not implement. */
    UNKNOWN_VERSION,
    /** payload_sha256 is not the SHA-256 of the payload bytes. */
    DIGEST_MISMATCH,
    /** The payload exceeds the codec's byte bound. */
    OVERSIZED,
    /** The typed columns disagree with the payload, or the record breaks a phase invariant. */
    INCONSISTENT,
    /** The payload parses but is not byte-identical to its canonical encoding. */
    NON_CANONICAL;

    public DponeErrorCode code() {
        return DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_RECORD_INVALID;
    }
}
