package io.dpone.clickhouse.cluster.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import java.util.Optional;

/**
 * The checks every {@link io.dpone.clickhouse.cluster.ddl.DdlPort} implementation makes before it
 * sends anything, shared so that a test double cannot be more permissive than the adapter: a
 * fenced statement needs an unexpired permit for its action and spends it (a spent or expired
 * permit is refused); a setup statement needs a token of its own action. Called immediately before
 * the send, so the age check is as late as the process can make it: what remains is the time from
 * here until the server receives the statement. Pure apart from spending the permit and reading
 * the permit holder's monotonic clock.
 */
public final class DispatchGate {
    private DispatchGate() {}

    /** Empty when {@code ddl} may be sent now; the permit is then spent. */
    public static Optional<DdlDispatch.Refusal> admit(FencedDdl ddl, DispatchPermit permit) {
        requireNonNull(ddl, "ddl is null");
        requireNonNull(permit, "permit is null");
        if (permit.token().action() != ddl.action()) {
            return Optional.of(DdlDispatch.Refusal.ACTION_MISMATCH);
        }
        if (permit.expired()) {
            return Optional.of(DdlDispatch.Refusal.EXPIRED);
        }
        return permit.spend() ? Optional.empty() : Optional.of(DdlDispatch.Refusal.ALREADY_SPENT);
    }

    /** Empty when the setup statement may be sent with {@code token}. */
    public static Optional<DdlDispatch.Refusal> admit(SetupDdl ddl, DdlCorrelationToken token) {
        requireNonNull(ddl, "ddl is null");
        requireNonNull(token, "token is null");
        return token.action() == ddl.action() && !token.action().requiresPermit()
                ? Optional.empty()
                : Optional.of(DdlDispatch.Refusal.TOKEN_ACTION_MISMATCH);
    }
}
