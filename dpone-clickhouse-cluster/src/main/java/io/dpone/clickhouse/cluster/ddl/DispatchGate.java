package io.dpone.clickhouse.cluster.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.FencedDdl;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import java.util.Optional;

/**
 * The checks every {@link io.dpone.clickhouse.cluster.port.DdlPort} implementation makes before it
 * sends anything, shared so that a test double cannot be more permissive than the adapter: a
 * fenced statement needs a permit for its action and spends it (a spent permit is refused); a
 * setup statement needs a token of its own action. Pure apart from spending the permit.
 */
public final class DispatchGate {
    private DispatchGate() {
    }

    /** Empty when {@code ddl} may be sent now; the permit is then spent. */
    public static Optional<DdlDispatch.Refusal> admit(FencedDdl ddl, DispatchPermit permit) {
        requireNonNull(ddl, "ddl is null");
        requireNonNull(permit, "permit is null");
        if (permit.token().action() != ddl.action()) {
            return Optional.of(DdlDispatch.Refusal.ACTION_MISMATCH);
        }
        return permit.spend() ? Optional.empty() : Optional.of(DdlDispatch.Refusal.ALREADY_SPENT);
    }

    /** Empty when the setup statement may be sent with {@code token}. */
    public static Optional<DdlDispatch.Refusal> admit(SetupDdl ddl, DdlCorrelationToken token) {
        requireNonNull(ddl, "ddl is null");
        requireNonNull(token, "token is null");
        return token.action() == ddl.action() && !token.action().requiresPermit()
                ? Optional.empty() : Optional.of(DdlDispatch.Refusal.TOKEN_ACTION_MISMATCH);
    }
}
