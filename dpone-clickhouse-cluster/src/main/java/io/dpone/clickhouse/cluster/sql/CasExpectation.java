package io.dpone.clickhouse.cluster.sql;

import static java.util.Objects.requireNonNull;

/** The full CAS predicate of spec section 3: key, Keeper version, operation, fence and phase. */
public record CasExpectation(
        String targetKey, long keeperVersion, String operationId, String fenceToken, String phase) {
    public CasExpectation {
        requireNonNull(targetKey, "targetKey is null");
        requireNonNull(operationId, "operationId is null");
        requireNonNull(fenceToken, "fenceToken is null");
        requireNonNull(phase, "phase is null");
        if (targetKey.isEmpty() || keeperVersion < 0) {
            throw new IllegalArgumentException("CAS needs a target key and a Keeper version >= 0");
        }
    }
}
