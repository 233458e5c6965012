package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.time.Duration;

/**
 * The publication authority of spec section "Ports, adapters, and composition root": exactly
 * create_if_absent, read_versioned and compare_and_swap on one target slot, for records of one
 * schema {@code R} (internal mode's V1 records, external mode's).
 *
 * <p>Both mutations send their statement at most once per call and never retry, whatever the
 * outcome; a caller that receives {@link SlotWrite.Unknown} must not call the mutation again
 * in the same invocation (spec section 3, step 9): recovery starts with a read in a later one. Only
 * {@link SlotWrite.Verified} proves the write, and only it can carry a
 * {@link DispatchPermit}. Implementations are thread-safe; concurrent calls are independent.
 */
public interface AuthorityPort<R extends SlotRecord> {
    /**
     * Strictly inserts {@code created} into an absent slot. An existing key is
     * {@link SlotWrite.Conflict} with {@link SlotWrite.ConflictReason#KEY_EXISTS}; a lost response
     * is {@link SlotWrite.Unknown} even if the row is later visible.
     */
    SlotWrite<R> createIfAbsent(R created);

    /** Reads the slot of {@code targetKey} with its KeeperMap {@code _version}; reads may be retried by policy. */
    SlotRead<R> readVersioned(Digest targetKey);

    /**
     * Replaces {@code expected} (read at its version) by {@code next} when the slot still holds
     * exactly that key, version, operation, fence and phase. A transition the schema's table refuses
     * is a {@link SlotWrite.Conflict} and sends nothing.
     */
    SlotWrite<R> compareAndSwap(SlotVersion<R> expected, R next);

    /**
     * The age after which every {@link DispatchPermit} this port issues is refused ({@link PermitLifetime}).
     * A worker that declares another worker's epoch lost waits out at least this long after it first saw
     * the epoch unsent, so that no permit of that epoch can still pass its age check (ADR 0007).
     */
    Duration permitMaxAge();
}
