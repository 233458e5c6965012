package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.digest.Digest;

/** Test-only access to the package-private permit constructor; mirrors what the adapter will do. */
public final class Permits {
    private Permits() {
    }

    public static DispatchPermit issue(Digest targetKey, Digest operationId, FenceToken fence, long epoch, long version) {
        return issue(targetKey, operationId, fence, epoch, version, DdlAction.EXCHANGE);
    }

    public static DispatchPermit issue(Digest targetKey, Digest operationId, FenceToken fence, long epoch, long version,
            DdlAction action) {
        return new DispatchPermit(targetKey, operationId, fence, epoch, version,
                new DdlCorrelationToken(operationId, action, epoch, "0123456789abcdef0123456789abcdef"));
    }
}
