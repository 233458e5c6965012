package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.digest.Digest;

/** Test-only access to the package-private permit constructor; mirrors what the adapter will do. */
final class Permits {
    private Permits() {
    }

    static DispatchPermit issue(Digest targetKey, Digest operationId, FenceToken fence, long epoch, long version) {
        return new DispatchPermit(targetKey, operationId, fence, epoch, version);
    }
}
