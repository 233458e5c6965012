package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.AuthorityPort;
import io.dpone.clickhouse.cluster.authority.AuthorityRead;
import io.dpone.clickhouse.cluster.authority.CasResult;
import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.VersionedRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.engine.StepResult;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * One CAS of the operation's record and what the service does with its outcome. Each call is one
 * {@link AuthorityPort#compareAndSwap}, never repeated: an unknown outcome stops the invocation
 * (the next one starts from a read, seed section 3 step 9); a conflict is followed by one read, and
 * only a record of the same operation lets the caller re-evaluate from what it now shows.
 */
final class AuthorityWrites {
    private final AuthorityPort authority;

    /** The replaced version of a write that created the slot: every record shown is above it. */
    static final long CREATED = -1;

    AuthorityWrites(AuthorityPort authority) {
        this.authority = requireNonNull(authority, "authority is null");
    }

    /** The result of one write. */
    sealed interface Step {
        /** The record the next step continues from, or the conclusion that stopped the invocation. */
        StepResult<VersionedRecord, Conclusion> result();

        /** The write was verified ({@code permit} present when it opened a dispatch epoch), or a re-read shows the same operation. */
        record Advanced(VersionedRecord current, Optional<DispatchPermit> permit, boolean written) implements Step {
            @Override
            public StepResult<VersionedRecord, Conclusion> result() {
                return new StepResult.Continue<>(current);
            }
        }

        /** The invocation ends here. */
        record Stopped(Conclusion conclusion) implements Step {
            @Override
            public StepResult<VersionedRecord, Conclusion> result() {
                return new StepResult.Concluded<>(conclusion);
            }
        }
    }

    Step write(VersionedRecord expected, AuthorityRecord next, InternalEvidence evidence) {
        CasResult result = authority.compareAndSwap(expected, next);
        if (result instanceof CasResult.AcknowledgedVerified verified) {
            evidence.record(verified.verified());
            return new Step.Advanced(verified.verified(), verified.dispatchPermit(), true);
        }
        if (result instanceof CasResult.OutcomeUnknown unknown) {
            return new Step.Stopped(Conclusion.of(
                    PublicationOutcome.UNKNOWN,
                    unknown.code(),
                    "the response to an authority write was lost (" + unknown.reason() + "); nothing more was sent;"
                            + " run the same invocation again to reconcile from a fresh read"));
        }
        CasResult.Conflict conflict = (CasResult.Conflict) result;
        Optional<VersionedRecord> reread = sameOperation(expected.record());
        if (reread.isPresent()) {
            evidence.record(reread.get());
            return new Step.Advanced(reread.get(), Optional.empty(), false);
        }
        return new Step.Stopped(Conclusion.of(
                PublicationOutcome.UNKNOWN,
                conflict.code(),
                "the authority record changed under this invocation (" + conflict.reason() + "); nothing was sent"));
    }

    /** What one re-read of the slot proves about the operation of the record a caller tried to write. */
    sealed interface Reread {
        /** A valid record of the same operation: the caller may continue from it, read-only first. */
        record Same(VersionedRecord current) implements Reread {}

        /** The read succeeded and the slot holds a valid record of another operation, newer than the write's base. */
        record Other() implements Reread {}

        /**
         * Nothing is proven: the slot could not be read, does not decode, is absent, or holds a record
         * at or below the version the write replaced (what a lagging follower serves a new session).
         */
        record Unproven(String reason) implements Reread {}
    }

    /**
     * One read of the slot after a write of {@code mine} that replaced the record at
     * {@code replacedVersion} ({@link #CREATED} when it created the slot), judged against
     * {@code mine}'s operation: its record may have been written by this invocation or by another
     * worker of the same scheduler invocation. The write may have applied, and a Keeper session
     * that expired since may be replaced by one on a follower that lags behind it, so only a record
     * above {@code replacedVersion} shows the slot after the write; dpone never deletes a slot, so
     * absent proves nothing either (issue 18, ADR 0007).
     */
    Reread reread(AuthorityRecord mine, long replacedVersion) {
        AuthorityRead read = authority.readVersioned(mine.targetKey());
        if (read instanceof AuthorityRead.Unavailable unavailable) {
            return new Reread.Unproven("unreadable: " + unavailable.summary());
        }
        if (read instanceof AuthorityRead.Absent) {
            return new Reread.Unproven("read absent, as a follower behind the write would show it");
        }
        Optional<VersionedRecord> valid = ((AuthorityRead.Present) read).valid();
        if (valid.isEmpty()) {
            return new Reread.Unproven("the record does not decode");
        }
        if (valid.get().keeperVersion() <= replacedVersion) {
            return new Reread.Unproven(
                    "read at version " + valid.get().keeperVersion() + ", not above the one the write replaced");
        }
        return valid.get().record().operationId().equals(mine.operationId())
                ? new Reread.Same(valid.get())
                : new Reread.Other();
    }

    /** The slot re-read, when it holds a valid record of {@code mine}'s operation. */
    Optional<VersionedRecord> sameOperation(AuthorityRecord mine) {
        return reread(mine, CREATED) instanceof Reread.Same same ? Optional.of(same.current()) : Optional.empty();
    }
}
