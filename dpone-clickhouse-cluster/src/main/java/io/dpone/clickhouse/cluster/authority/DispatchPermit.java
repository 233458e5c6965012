package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.MonotonicClock;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The in-memory right to send exactly one distributed DDL statement, held only by the caller whose
 * CAS was both acknowledged and verified by an exact post-read (spec section 3, steps 6-8).
 *
 * <p>Only the KeeperMap authority adapter in this package can construct one. It is deliberately
 * not {@link java.io.Serializable}, exposes no bean getters (so JSON mappers find nothing to
 * write) and its {@link #toString()} reveals only the epoch: it cannot be persisted, sent, or
 * rebuilt from a read. It is bound to one target key, operation, fence, dispatch epoch, the new
 * Keeper version and the correlation token of the record that verified write persisted (the
 * publication token for DISPATCHING, the cleanup token for CLEANUP_DISPATCHING): the DDL port
 * takes the statement's {@code log_comment} from {@link #token()}, never from its caller, and
 * sends only after {@link #spend} returned true, so a permit authorizes exactly one statement.
 * It also has a bounded age ({@link PermitLifetime}) on its holder's monotonic clock: once
 * {@link #expired}, the DDL port refuses it and sends nothing, so a worker frozen between the
 * dispatch CAS and the send cannot send after an operator may have retired the record.
 * Thread-safe.
 */
public final class DispatchPermit {
    private final Digest targetKey;
    private final Digest operationId;
    private final FenceToken fenceToken;
    private final long dispatchEpoch;
    private final long keeperVersion;
    private final DdlCorrelationToken token;
    private final MonotonicClock clock;
    private final long deadlineNanos;
    private final AtomicBoolean used = new AtomicBoolean();

    /** @param sentAtNanos the holder's monotonic time just before the issuing write was sent */
    DispatchPermit(
            Digest targetKey,
            Digest operationId,
            FenceToken fenceToken,
            long dispatchEpoch,
            long keeperVersion,
            DdlCorrelationToken token,
            PermitLifetime lifetime,
            long sentAtNanos) {
        this.targetKey = requireNonNull(targetKey, "targetKey is null");
        this.operationId = requireNonNull(operationId, "operationId is null");
        this.fenceToken = requireNonNull(fenceToken, "fenceToken is null");
        this.dispatchEpoch = dispatchEpoch;
        this.keeperVersion = keeperVersion;
        this.token = requireNonNull(token, "token is null");
        this.clock = requireNonNull(lifetime, "lifetime is null").clock();
        this.deadlineNanos = lifetime.deadline(sentAtNanos);
        if (!authorizes(targetKey, token)) {
            throw new IllegalArgumentException("the token names another operation or epoch");
        }
    }

    /** The correlation token persisted by the verified write; the dispatched statement's {@code log_comment}. */
    public DdlCorrelationToken token() {
        return token;
    }

    /** True once {@link #spend} has returned true (not a bean getter: mappers must find nothing to write). */
    public boolean spent() {
        return used.get();
    }

    /** True when the permit was issued for this target and the token's operation and epoch. */
    public boolean authorizes(Digest target, DdlCorrelationToken token) {
        return targetKey.equals(target)
                && operationId.equals(token.operationId())
                && dispatchEpoch == token.dispatchEpoch();
    }

    /** True when {@code fence} and {@code version} are the ones the verified CAS wrote. */
    public boolean matchesWrite(FenceToken fence, long version) {
        return fenceToken.equals(fence) && keeperVersion == version;
    }

    /** True once the permit's bounded age has passed on its holder's monotonic clock; it never becomes usable again. */
    public boolean expired() {
        return clock.nanos() - deadlineNanos > 0;
    }

    /**
     * Consumes the permit. Returns true exactly once over the permit's lifetime; the DDL adapter
     * sends its one statement only after a true return.
     */
    public boolean spend() {
        return used.compareAndSet(false, true);
    }

    @Override
    public String toString() {
        return "DispatchPermit[epoch=" + dispatchEpoch + "]";
    }
}
