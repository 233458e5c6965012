package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.time.Duration;

/**
 * The publication authority of seed section "Ports, adapters, and composition root": exactly
 * create_if_absent, read_versioned and compare_and_swap on one target slot.
 *
 * <p>Both mutations send their statement at most once per call and never retry, whatever the
 * outcome; a caller that receives {@link CasResult.OutcomeUnknown} must not call the mutation again
 * in the same invocation (seed section 3, step 9): recovery starts with a read in a later one. Only
 * {@link CasResult.AcknowledgedVerified} proves the write, and only it can carry a
 * {@link DispatchPermit}. Implementations are thread-safe; concurrent calls are independent.
 */
public interface AuthorityPort {
    /**
     * Strictly inserts {@code created} (phase PREPARED, epoch 0) into an absent slot. An existing
     * key is {@link CasResult.Conflict} with {@link CasResult.ConflictReason#KEY_EXISTS}; a
     * lost response is {@link CasResult.OutcomeUnknown} even if the row is later visible.
     */
    CasResult createIfAbsent(AuthorityRecord created);

    /** Reads the slot of {@code targetKey} with its KeeperMap {@code _version}; reads may be retried by policy. */
    AuthorityRead readVersioned(Digest targetKey);

    /**
     * Replaces {@code expected} (read at its version) by {@code next} when the slot still holds
     * exactly that key, version, operation, fence and phase. A transition the V1 table refuses is a
     * {@link CasResult.Conflict} and sends nothing.
     */
    CasResult compareAndSwap(VersionedRecord expected, AuthorityRecord next);

    /**
     * The age after which every {@link DispatchPermit} this port issues is refused ({@link PermitLifetime}).
     * A worker that declares another worker's epoch lost waits out at least this long after it first saw
     * the epoch unsent, so that no permit of that epoch can still pass its age check (ADR 0007).
     */
    Duration permitMaxAge();
}
