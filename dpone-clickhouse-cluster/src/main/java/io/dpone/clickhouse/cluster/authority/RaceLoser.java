package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.authority.CasResult.ConflictReason;
import io.dpone.clickhouse.cluster.authority.CasResult.UnknownReason;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;

/**
 * Recognises the loser of a duplicate-worker race on a dispatch CAS (seed "Edge cases": the
 * loser observes a strict-version failure or a successful zero-row no-op). Duplicate workers of
 * one operation share its operation id and fence, so {@link PermitIssuer} sees the winner's row at
 * the expected version as a content mismatch and answers unknown. When that row is a valid record
 * whose newly opened DDL token differs from the one this caller wrote, the row was written by
 * another writer: each token carries 128 fresh random bits, so this caller cannot have written it,
 * and since the version advanced exactly once, this caller's acknowledged UPDATE matched nothing.
 * Any other mismatch stays unknown. Pure.
 */
final class RaceLoser {
    private RaceLoser() {
    }

    static CasResult refine(CasResult judged, AuthorityRecord written, VersionedRow observed) {
        boolean mismatch = judged instanceof CasResult.OutcomeUnknown unknown
                && unknown.reason() == UnknownReason.POST_READ_MISMATCH;
        if (!mismatch || observed == null || !written.phase().startsDispatchEpoch()) {
            return judged;
        }
        DecodeResult decoded = AuthorityCodecV1.INSTANCE.decode(observed.row());
        if (decoded instanceof DecodeResult.Valid valid && anotherWritersToken(written, valid.record())) {
            return new CasResult.Conflict(ConflictReason.ZERO_ROW_NO_OP);
        }
        return judged;
    }

    private static boolean anotherWritersToken(AuthorityRecord written, AuthorityRecord observed) {
        DdlBinding mine = openedBinding(written);
        DdlBinding theirs = openedBinding(observed);
        return observed.phase() == written.phase() && mine != null && theirs != null
                && !mine.token().equals(theirs.token());
    }

    private static DdlBinding openedBinding(AuthorityRecord record) {
        return switch (record.phase()) {
            case DISPATCHING -> record.payload().publication();
            case CLEANUP_DISPATCHING -> record.payload().cleanup();
            default -> null;
        };
    }
}
