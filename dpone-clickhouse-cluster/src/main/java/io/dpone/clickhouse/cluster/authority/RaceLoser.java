package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.authority.SlotWrite.ConflictReason;
import io.dpone.clickhouse.cluster.authority.SlotWrite.UnknownReason;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.authority.SlotSchema;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import java.util.Optional;

/**
 * Recognises the loser of a duplicate-worker race on a dispatch CAS (spec "Edge cases": the
 * loser observes a strict-version failure or a successful zero-row no-op). Duplicate workers of
 * one operation share its operation id and fence, so {@link PermitIssuer} sees the winner's row at
 * the expected version as a content mismatch and answers unknown. When that row is a valid record
 * in the same dispatching phase whose opened DDL token differs from the one this caller wrote, the
 * row was written by another writer: each token carries 128 fresh random bits, so this caller
 * cannot have written it, and since the version advanced exactly once, this caller's acknowledged
 * UPDATE matched nothing. Any other mismatch stays unknown. Pure.
 */
final class RaceLoser {
    private RaceLoser() {}

    static <R extends SlotRecord> SlotWrite<R> refine(
            SlotSchema<R> schema, SlotWrite<R> judged, R written, VersionedRow observed) {
        boolean mismatch =
                judged instanceof SlotWrite.Unknown<R> unknown && unknown.reason() == UnknownReason.POST_READ_MISMATCH;
        Optional<DdlCorrelationToken> mine = schema.dispatchToken(written);
        if (!mismatch || observed == null || mine.isEmpty()) {
            return judged;
        }
        DecodeResult<R> decoded = schema.decode(observed.row());
        if (decoded instanceof DecodeResult.Valid<R> valid
                && valid.record().phaseName().equals(written.phaseName())
                && schema.dispatchToken(valid.record())
                        .filter(theirs -> !theirs.equals(mine.get()))
                        .isPresent()) {
            return new SlotWrite.Conflict<>(ConflictReason.ZERO_ROW_NO_OP);
        }
        return judged;
    }
}
