package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.time.Duration;

/** Test-only access to the package-private permit constructor; mirrors what the adapter will do. */
public final class Permits {
    /** A clock that never advances: these permits never expire. */
    private static final PermitLifetime TIMELESS = new PermitLifetime(() -> 0L, Duration.ofSeconds(1));

    private Permits() {}

    public static DispatchPermit issue(
            Digest targetKey, Digest operationId, FenceToken fence, long epoch, long version) {
        return issue(targetKey, operationId, fence, epoch, version, DdlAction.EXCHANGE);
    }

    /** A permit whose holder's clock already shows it a day past its bound. */
    public static DispatchPermit expired(
            Digest targetKey, Digest operationId, FenceToken fence, long epoch, long version, DdlAction action) {
        long dayLater = Duration.ofDays(1).toNanos();
        return new DispatchPermit(
                targetKey,
                operationId,
                fence,
                epoch,
                version,
                new DdlCorrelationToken(operationId, action, epoch, "0123456789abcdef0123456789abcdef"),
                new PermitLifetime(() -> dayLater, Duration.ofSeconds(45)),
                0);
    }

    public static DispatchPermit issue(
            Digest targetKey, Digest operationId, FenceToken fence, long epoch, long version, DdlAction action) {
        return new DispatchPermit(
                targetKey,
                operationId,
                fence,
                epoch,
                version,
                new DdlCorrelationToken(operationId, action, epoch, "0123456789abcdef0123456789abcdef"),
                TIMELESS,
                0);
    }
}
