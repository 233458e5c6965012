package io.dpone.clickhouse.cluster.contract.digest;

import static java.util.Objects.requireNonNull;

/**
 * What the operation id is derived from. The worker try number is deliberately not a field: every
 * retry of one scheduler invocation must resume the same operation (spec section 3).
 */
public record OperationInputs(
        int protocolVersion, String schedulerInvocationIdentity, Digest planDigest, QualifiedTarget target) {
    public OperationInputs {
        if (protocolVersion < 1) {
            throw new IllegalArgumentException("protocolVersion must be positive");
        }
        requireNonNull(schedulerInvocationIdentity, "schedulerInvocationIdentity is null");
        requireNonNull(planDigest, "planDigest is null");
        requireNonNull(target, "target is null");
    }
}
