package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.InternalSlotSchema;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.time.Duration;

/**
 * The internal mode's {@link AuthorityPort}: the shared {@link KeeperMapSlots} mechanics over the
 * V1 schema ({@link InternalSlotSchema}), with the port's own result types. Every
 * {@link #createIfAbsent} or {@link #compareAndSwap} is exactly one store mutation, never retried;
 * only an acknowledged write with its exact post-read can carry a permit.
 *
 * <p>Thread-safe if the store is; the adapter holds no mutable state.
 */
public final class KeeperMapAuthority implements AuthorityPort {
    private final KeeperMapSlots<AuthorityRecord> slots;
    private final PermitLifetime lifetime;

    /** The adapter over any control store (the SQL one, {@code SqlControlStore}, or the testkit simulator's). */
    public KeeperMapAuthority(ControlStore store, AuthorityQueryIds queryIds) {
        this(store, queryIds, PermitLifetime.systemDefault());
    }

    /** With permits bounded by {@code lifetime} (the composition root derives it from the DDL task timeout). */
    public KeeperMapAuthority(ControlStore store, AuthorityQueryIds queryIds, PermitLifetime lifetime) {
        this.slots = new KeeperMapSlots<>(store, queryIds, InternalSlotSchema.INSTANCE, lifetime);
        this.lifetime = lifetime;
    }

    @Override
    public Duration permitMaxAge() {
        return lifetime.maxAge();
    }

    @Override
    public CasResult createIfAbsent(AuthorityRecord created) {
        return cas(slots.createIfAbsent(created));
    }

    @Override
    public AuthorityRead readVersioned(Digest targetKey) {
        SlotRead<AuthorityRecord> read = slots.readVersioned(targetKey);
        if (read instanceof SlotRead.Present<AuthorityRecord> present) {
            return new AuthorityRead.Present(present.row(), present.decoded());
        }
        if (read instanceof SlotRead.Unavailable<AuthorityRecord> unavailable) {
            return new AuthorityRead.Unavailable(unavailable.summary());
        }
        return new AuthorityRead.Absent();
    }

    @Override
    public CasResult compareAndSwap(VersionedRecord expected, AuthorityRecord next) {
        requireNonNull(expected, "expected is null");
        return cas(slots.compareAndSwap(new SlotVersion<>(expected.record(), expected.keeperVersion()), next));
    }

    private static CasResult cas(SlotWrite<AuthorityRecord> write) {
        if (write instanceof SlotWrite.Verified<AuthorityRecord> verified) {
            return new CasResult.AcknowledgedVerified(
                    verified.permit(),
                    new VersionedRecord(
                            verified.verified().record(), verified.verified().keeperVersion()));
        }
        if (write instanceof SlotWrite.Conflict<AuthorityRecord> conflict) {
            return new CasResult.Conflict(conflict.reason());
        }
        return new CasResult.OutcomeUnknown(((SlotWrite.Unknown<AuthorityRecord>) write).reason());
    }
}
