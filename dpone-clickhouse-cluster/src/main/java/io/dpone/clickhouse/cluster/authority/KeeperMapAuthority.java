package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotWrite.ConflictReason;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.InternalSlotSchema;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.authority.SlotSchema;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import java.time.Duration;

/**
 * The {@link AuthorityPort} over a KeeperMap control table, for records of one schema (spec
 * "Artifacts and evidence" and section 3): internal mode's V1 records ({@link #internal}) and
 * external mode's.
 *
 * <p>Each {@link #createIfAbsent} or {@link #compareAndSwap} checks the transition with the schema,
 * encodes the record and makes exactly one store mutation with a fresh opaque query id; there is
 * no retry path at all. An acknowledged write is followed by one exact post-read and judged by
 * {@link PermitIssuer}, the only permit source; anything unacknowledged is judged by
 * {@link UnacknowledgedWrites} and never carries a permit. The schema decides what may be
 * written and which phases open an epoch; it cannot make an unverified write carry a permit.
 * A permit's age counts on {@link PermitLifetime}'s monotonic clock from just before its write was
 * sent.
 *
 * <p>Thread-safe if the store is; holds no mutable state.
 */
public final class KeeperMapAuthority<R extends SlotRecord> implements AuthorityPort<R> {
    private final ControlStore store;
    private final AuthorityQueryIds queryIds;
    private final SlotSchema<R> schema;
    private final PermitLifetime lifetime;

    /** Permits bounded by {@link PermitLifetime#systemDefault()}. */
    public KeeperMapAuthority(ControlStore store, AuthorityQueryIds queryIds, SlotSchema<R> schema) {
        this(store, queryIds, schema, PermitLifetime.systemDefault());
    }

    public KeeperMapAuthority(
            ControlStore store, AuthorityQueryIds queryIds, SlotSchema<R> schema, PermitLifetime lifetime) {
        this.store = requireNonNull(store, "store is null");
        this.queryIds = requireNonNull(queryIds, "queryIds is null");
        this.schema = requireNonNull(schema, "schema is null");
        this.lifetime = requireNonNull(lifetime, "lifetime is null");
    }

    /** Internal mode's authority over any control store (the SQL one or the testkit simulator's). */
    public static KeeperMapAuthority<AuthorityRecord> internal(ControlStore store, AuthorityQueryIds queryIds) {
        return internal(store, queryIds, PermitLifetime.systemDefault());
    }

    /** With permits bounded by {@code lifetime} (the composition root derives it from the DDL task timeout). */
    public static KeeperMapAuthority<AuthorityRecord> internal(
            ControlStore store, AuthorityQueryIds queryIds, PermitLifetime lifetime) {
        return new KeeperMapAuthority<>(store, queryIds, InternalSlotSchema.INSTANCE, lifetime);
    }

    @Override
    public Duration permitMaxAge() {
        return lifetime.maxAge();
    }

    /**
     * A bound of {@link #permitMaxAge} started now on the permits' clock, for a permit-less statement
     * that a successor waits out like a permit ({@link AgeBound}); start it before the write it follows.
     */
    public AgeBound startAgeBound() {
        return new AgeBound(lifetime);
    }

    @Override
    public SlotWrite<R> createIfAbsent(R created) {
        requireNonNull(created, "created is null");
        if (schema.checkCreate(created).isPresent()) {
            return new SlotWrite.Conflict<>(ConflictReason.WRITE_NOT_ALLOWED);
        }
        AuthorityRow row = encodeOrNull(created);
        if (row == null) {
            return new SlotWrite.Conflict<>(ConflictReason.WRITE_NOT_ALLOWED);
        }
        long sentAt = lifetime.clock().nanos();
        MutationOutcome outcome = store.insertStrict(ControlRows.toControlRow(row), queryIds.next("create"));
        if (!(outcome instanceof MutationOutcome.Acknowledged)) {
            return UnacknowledgedWrites.judge(outcome, ConflictReason.KEY_EXISTS);
        }
        return PermitIssuer.afterAcknowledgedWrite(
                schema, null, created, 0, postRead(created.targetKey()), lifetime, sentAt);
    }

    @Override
    public SlotRead<R> readVersioned(Digest targetKey) {
        requireNonNull(targetKey, "targetKey is null");
        ControlRead read = store.read(targetKey.hex(), queryIds.next("read"));
        if (read instanceof ControlRead.Unavailable unavailable) {
            return new SlotRead.Unavailable<>(unavailable.summary());
        }
        return ((ControlRead.Found) read)
                .row()
                .<SlotRead<R>>map(row -> new SlotRead.Present<>(row, schema.decode(row.row())))
                .orElseGet(SlotRead.Absent::new);
    }

    @Override
    public SlotWrite<R> compareAndSwap(SlotVersion<R> expected, R next) {
        requireNonNull(expected, "expected is null");
        requireNonNull(next, "next is null");
        if (schema.check(expected.record(), next).isPresent()) {
            return new SlotWrite.Conflict<>(ConflictReason.WRITE_NOT_ALLOWED);
        }
        AuthorityRow row = encodeOrNull(next);
        if (row == null) {
            return new SlotWrite.Conflict<>(ConflictReason.WRITE_NOT_ALLOWED);
        }
        long sentAt = lifetime.clock().nanos();
        MutationOutcome outcome =
                store.compareAndSwap(expectation(expected), ControlRows.toControlRow(row), queryIds.next("cas"));
        if (!(outcome instanceof MutationOutcome.Acknowledged)) {
            return UnacknowledgedWrites.judge(outcome, ConflictReason.VERSION_CONFLICT);
        }
        VersionedRow observed = postRead(next.targetKey());
        SlotWrite<R> judged = PermitIssuer.afterAcknowledgedWrite(
                schema, expected.record(), next, expected.keeperVersion() + 1, observed, lifetime, sentAt);
        return RaceLoser.refine(schema, judged, next, observed);
    }

    /** The full CAS predicate for the record read at {@code expected}. */
    private static CasExpectation expectation(SlotVersion<?> expected) {
        SlotRecord record = expected.record();
        return new CasExpectation(
                record.targetKey().hex(),
                expected.keeperVersion(),
                record.operationId().hex(),
                record.fenceToken().hex(),
                record.phaseName());
    }

    /** The exact post-read: the raw row at its version, or null when absent or unreadable. */
    private VersionedRow postRead(Digest targetKey) {
        ControlRead read = store.read(targetKey.hex(), queryIds.next("post-read"));
        return read instanceof ControlRead.Found found ? found.row().orElse(null) : null;
    }

    private AuthorityRow encodeOrNull(R record) {
        try {
            return schema.encode(record);
        } catch (IllegalArgumentException oversized) {
            return null;
        }
    }
}
