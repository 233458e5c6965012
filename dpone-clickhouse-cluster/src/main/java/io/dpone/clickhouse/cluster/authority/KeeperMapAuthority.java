package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.CasResult.ConflictReason;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityTransitions;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.SqlStatement;
import io.dpone.clickhouse.cluster.sql.AuthorityStatements;
import io.dpone.clickhouse.cluster.sql.TableRef;

/**
 * The KeeperMap authority adapter (seed "Artifacts and evidence" and section 3).
 *
 * <p>Mutations go through the {@link OneShotMutationTransport} given here and nowhere else: one
 * {@code execute} per {@link #createIfAbsent} or {@link #compareAndSwap}, with
 * {@link QueryContext#keeperMapMutation} (strict mode, {@code insert_keeper_max_retries = 0}) and a
 * fresh opaque query id; the CAS also carries the {@link MutationPrevalidation} chosen from the
 * facade check. There is no retry path for them at all; the read transport (which may be a
 * retrying decorator) is a different type and only ever runs {@code SELECT}s. An acknowledged write
 * is followed by one exact post-read and judged by {@link PermitIssuer}, the only permit source.
 *
 * <p>Thread-safe if the transports are; the adapter holds no mutable state.
 */
public final class KeeperMapAuthority implements AuthorityPort {
    private final TableRef control;
    private final OneShotMutationTransport mutations;
    private final ReadTransport reads;
    private final AuthorityQueryIds queryIds;
    private final MutationPrevalidation casPrevalidation;

    /**
     * With {@link MutationPrevalidation#SERVER_DEFAULT}, correct on every server version.
     *
     * @see #KeeperMapAuthority(TableRef, OneShotMutationTransport, ReadTransport, AuthorityQueryIds, MutationPrevalidation)
     */
    public KeeperMapAuthority(TableRef control, OneShotMutationTransport mutations, ReadTransport reads,
                              AuthorityQueryIds queryIds) {
        this(control, mutations, reads, queryIds, MutationPrevalidation.SERVER_DEFAULT);
    }

    /**
     * @param control   the KeeperMap control table (verified by the facade check before use)
     * @param mutations the raw one-shot transport; never a retrying decorator
     * @param reads     the read path, optionally wrapped in a read retry policy
     * @param queryIds  a fresh id per request
     * @param casPrevalidation what {@link FacadeVerdict.Ready#casPrevalidation()} chose for these members
     */
    public KeeperMapAuthority(TableRef control, OneShotMutationTransport mutations, ReadTransport reads,
                              AuthorityQueryIds queryIds, MutationPrevalidation casPrevalidation) {
        this.control = requireNonNull(control, "control is null");
        this.mutations = requireNonNull(mutations, "mutations is null");
        this.reads = requireNonNull(reads, "reads is null");
        this.queryIds = requireNonNull(queryIds, "queryIds is null");
        this.casPrevalidation = requireNonNull(casPrevalidation, "casPrevalidation is null");
    }

    @Override
    public CasResult createIfAbsent(AuthorityRecord created) {
        requireNonNull(created, "created is null");
        if (AuthorityTransitions.checkCreate(created).isPresent()) {
            return new CasResult.Conflict(ConflictReason.WRITE_NOT_ALLOWED);
        }
        AuthorityRow row = encodeOrNull(created);
        if (row == null) {
            return new CasResult.Conflict(ConflictReason.WRITE_NOT_ALLOWED);
        }
        SqlStatement insert = AuthorityStatements.insertStrict(control, ControlRows.toControlRow(row));
        MutationOutcome outcome = mutations.execute(insert, QueryContext.keeperMapMutation(queryIds.next("create")));
        if (!(outcome instanceof MutationOutcome.Acknowledged)) {
            return UnacknowledgedWrites.judge(outcome, ConflictReason.KEY_EXISTS);
        }
        return PermitIssuer.afterAcknowledgedWrite(null, created, 0, postRead(created.targetKey()));
    }

    @Override
    public AuthorityRead readVersioned(Digest targetKey) {
        requireNonNull(targetKey, "targetKey is null");
        ReadOutcome outcome = reads.read(AuthorityStatements.readVersioned(control, targetKey.hex()),
                QueryContext.of(queryIds.next("read")));
        if (outcome instanceof ReadOutcome.Failed failed) {
            return new AuthorityRead.Unavailable(failed.failure().describe());
        }
        ControlRows.Shape shape = ControlRows.read(((ReadOutcome.Rows) outcome).result());
        if (shape instanceof ControlRows.Shape.Unexpected unexpected) {
            return new AuthorityRead.Unavailable(unexpected.summary());
        }
        return ((ControlRows.Shape.Rows) shape).row()
                .<AuthorityRead>map(row -> new AuthorityRead.Present(row, AuthorityCodecV1.INSTANCE.decode(row.row())))
                .orElseGet(AuthorityRead.Absent::new);
    }

    @Override
    public CasResult compareAndSwap(VersionedRecord expected, AuthorityRecord next) {
        requireNonNull(expected, "expected is null");
        requireNonNull(next, "next is null");
        if (AuthorityTransitions.check(expected.record(), next).isPresent()) {
            return new CasResult.Conflict(ConflictReason.WRITE_NOT_ALLOWED);
        }
        AuthorityRow row = encodeOrNull(next);
        if (row == null) {
            return new CasResult.Conflict(ConflictReason.WRITE_NOT_ALLOWED);
        }
        SqlStatement cas = AuthorityStatements.compareAndSwap(control, ControlRows.expectation(expected),
                ControlRows.toControlRow(row));
        MutationOutcome outcome = mutations.execute(cas,
                casPrevalidation.applyTo(QueryContext.keeperMapMutation(queryIds.next("cas"))));
        if (!(outcome instanceof MutationOutcome.Acknowledged)) {
            return UnacknowledgedWrites.judge(outcome, ConflictReason.VERSION_CONFLICT);
        }
        VersionedRow observed = postRead(next.targetKey());
        CasResult judged = PermitIssuer.afterAcknowledgedWrite(expected.record(), next, expected.keeperVersion() + 1, observed);
        return RaceLoser.refine(judged, next, observed);
    }

    /** The exact post-read: the raw row at its version, or null when absent or unreadable. */
    private VersionedRow postRead(Digest targetKey) {
        ReadOutcome outcome = reads.read(AuthorityStatements.readVersioned(control, targetKey.hex()),
                QueryContext.of(queryIds.next("post-read")));
        if (!(outcome instanceof ReadOutcome.Rows rows)) {
            return null;
        }
        ControlRows.Shape shape = ControlRows.read(rows.result());
        return shape instanceof ControlRows.Shape.Rows found ? found.row().orElse(null) : null;
    }

    private static AuthorityRow encodeOrNull(AuthorityRecord record) {
        try {
            return AuthorityCodecV1.INSTANCE.encode(record);
        } catch (IllegalArgumentException oversized) {
            return null;
        }
    }
}
