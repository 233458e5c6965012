package io.dpone.clickhouse.cluster.engine;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.AuthorityPort;
import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.invocation.InvocationEvidence;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * One CAS of the operation's record and what a service does with its outcome, in either mode.
 * Each call is one {@link AuthorityPort#compareAndSwap}, never repeated: an unknown outcome stops
 * the invocation (the next one starts from a read, spec 000 section 3 step 9); a conflict is followed
 * by one read, and only a record of the same operation lets the caller re-evaluate from what it
 * now shows. What "the same operation" means is the mode's: internal mode compares the operation
 * id, external mode the operation id and fence of an external record.
 *
 * @param <R> the mode's record schema
 */
public final class SlotWrites<R extends SlotRecord> {
    /** The replaced version of a write that created the slot: every record shown is above it. */
    public static final long CREATED = -1;

    private final AuthorityPort<R> authority;
    private final BiPredicate<R, R> sameOperation;

    /** @param sameOperation whether a record re-read from the slot ({@code seen}) is of the operation of {@code mine} */
    public SlotWrites(AuthorityPort<R> authority, BiPredicate<R, R> sameOperation) {
        this.authority = requireNonNull(authority, "authority is null");
        this.sameOperation = requireNonNull(sameOperation, "sameOperation is null");
    }

    /** How long a permit a write of this slot grants stays valid: the takeover wait of a lost drop. */
    public Duration permitMaxAge() {
        return authority.permitMaxAge();
    }

    /** The result of one write. */
    public sealed interface Step<R extends SlotRecord> {
        /** The record the next step continues from, or the ending that stopped the invocation. */
        StepResult<R> result();

        /** The write was verified ({@code permit} present when it opened a dispatch epoch), or a re-read shows the same operation. */
        record Advanced<R extends SlotRecord>(SlotVersion<R> current, Optional<DispatchPermit> permit, boolean written)
                implements Step<R> {
            @Override
            public StepResult<R> result() {
                return new StepResult.Continue<>(current);
            }
        }

        /** The invocation ends here. */
        record Stopped<R extends SlotRecord>(Ending ending) implements Step<R> {
            @Override
            public StepResult<R> result() {
                return new StepResult.Concluded<>(ending);
            }
        }
    }

    /** One CAS from {@code expected} to {@code next}; {@code evidence} records the version the invocation continues from. */
    public Step<R> write(SlotVersion<R> expected, R next, InvocationEvidence<R> evidence) {
        SlotWrite<R> result = authority.compareAndSwap(expected, next);
        if (result instanceof SlotWrite.Verified<R> verified) {
            evidence.record(verified.verified());
            return new Step.Advanced<>(verified.verified(), verified.dispatchPermit(), true);
        }
        if (result instanceof SlotWrite.Unknown<R> unknown) {
            return new Step.Stopped<>(Ending.of(
                    PublicationOutcome.UNKNOWN,
                    unknown.code(),
                    "the response to an authority write was lost (" + unknown.reason() + "); nothing more was sent;"
                            + " run the same invocation again to reconcile from a fresh read"));
        }
        SlotWrite.ConflictReason reason = ((SlotWrite.Conflict<R>) result).reason();
        Optional<SlotVersion<R>> reread = sameOperation(next);
        if (reread.isPresent()) {
            evidence.record(reread.get());
            return new Step.Advanced<>(reread.get(), Optional.empty(), false);
        }
        return new Step.Stopped<>(Ending.of(
                PublicationOutcome.UNKNOWN,
                reason.code(),
                "the authority record changed under this invocation (" + reason + "); nothing was sent"));
    }

    /** What one re-read of the slot proves about the operation of the record a caller tried to write. */
    public sealed interface Reread<R extends SlotRecord> {
        /** A valid record of the same operation: the caller may continue from it, read-only first. */
        record Same<R extends SlotRecord>(SlotVersion<R> current) implements Reread<R> {}

        /** The read succeeded and the slot holds a valid record of another operation, newer than the write's base. */
        record Other<R extends SlotRecord>() implements Reread<R> {}

        /**
         * Nothing is proven: the slot could not be read, does not decode, is absent, or holds a record
         * at or below the version the write replaced (what a lagging follower serves a new session).
         */
        record Unproven<R extends SlotRecord>(String reason) implements Reread<R> {}
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
    public Reread<R> reread(R mine, long replacedVersion) {
        SlotRead<R> read = authority.readVersioned(mine.targetKey());
        if (read instanceof SlotRead.Unavailable<R> unavailable) {
            return new Reread.Unproven<>("unreadable: " + unavailable.summary());
        }
        if (read instanceof SlotRead.Absent<R>) {
            return new Reread.Unproven<>("read absent, as a follower behind the write would show it");
        }
        Optional<SlotVersion<R>> valid = ((SlotRead.Present<R>) read).valid();
        if (valid.isEmpty()) {
            return new Reread.Unproven<>("the record does not decode");
        }
        if (valid.get().keeperVersion() <= replacedVersion) {
            return new Reread.Unproven<>(
                    "read at version " + valid.get().keeperVersion() + ", not above the one the write replaced");
        }
        return sameOperation.test(valid.get().record(), mine) ? new Reread.Same<>(valid.get()) : new Reread.Other<>();
    }

    /** How taking the slot for a new operation ended; each mode says what each case means for its own attempt. */
    public sealed interface Take<R extends SlotRecord> {
        /** The operation holds the slot at {@code current}: this write was verified ({@code written}), or a re-read shows it. */
        record Taken<R extends SlotRecord>(SlotVersion<R> current, boolean written) implements Take<R> {}

        /** The answer was lost: the slot may hold {@code first}; nothing more is written in this invocation. */
        record Lost<R extends SlotRecord>(SlotWrite.UnknownReason reason) implements Take<R> {}

        /**
         * The post-read decided a conflict, so the write may have applied, and no re-read showed the
         * slot after it ({@code why}): whether the slot holds {@code first} is unknown.
         */
        record Unproven<R extends SlotRecord>(SlotWrite.ConflictReason reason, String why) implements Take<R> {
            /**
             * The ending in either mode (issue 18's rule): the slot may hold {@code first}, so never a
             * refusal naming another worker; evidence records what the re-read could not prove.
             * {@code mayHold} says what is unknown about the slot, {@code kept} what this attempt kept
             * and did not send.
             */
            public Ending ending(InvocationEvidence<R> evidence, String mayHold, String kept) {
                evidence.step("slot re-read after a conflict proves nothing (" + why + "); " + kept);
                return Ending.of(
                        PublicationOutcome.UNKNOWN,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN,
                        "taking the slot conflicted (" + reason + ") and no re-read showed the slot after that write,"
                                + " so whether " + mayHold + " is unknown; " + kept
                                + "; run the same invocation again to reconcile from a fresh read");
            }
        }

        /**
         * This attempt's write does not hold the slot; {@code sameOperation} is a record of the same
         * operation that another attempt wrote, which the caller may resume once it has discarded
         * what only its own attempt named.
         */
        record NotTaken<R extends SlotRecord>(SlotWrite.ConflictReason reason, Optional<SlotVersion<R>> sameOperation)
                implements Take<R> {}
    }

    /**
     * Takes the slot for a new operation with {@code first}: strictly when {@code finished} is
     * absent, else by one CAS from that finished record; never repeated. A conflict is followed by
     * one {@link #reread} against the version the write replaced: a record of this operation that
     * {@code ownAttempt} accepts is this attempt's own write (internal mode: it names this attempt's
     * candidate); a post-read-decided conflict whose re-read proves nothing is {@link Take.Unproven}
     * (issue 18); anything else is {@link Take.NotTaken}. Evidence records the version the operation
     * continues from, and a lost answer as a step.
     */
    public Take<R> take(
            Optional<SlotVersion<R>> finished, R first, Predicate<R> ownAttempt, InvocationEvidence<R> evidence) {
        SlotWrite<R> taken =
                finished.isEmpty() ? authority.createIfAbsent(first) : authority.compareAndSwap(finished.get(), first);
        if (taken instanceof SlotWrite.Verified<R> verified) {
            evidence.record(verified.verified());
            return new Take.Taken<>(verified.verified(), true);
        }
        if (taken instanceof SlotWrite.Unknown<R> unknown) {
            evidence.step("slot write unacknowledged: " + unknown.reason());
            return new Take.Lost<>(unknown.reason());
        }
        SlotWrite.ConflictReason reason = ((SlotWrite.Conflict<R>) taken).reason();
        Reread<R> reread =
                reread(first, finished.map(SlotVersion::keeperVersion).orElse(CREATED));
        if (reread instanceof Reread.Unproven<R> unproven && reason.decidedByPostRead()) {
            return new Take.Unproven<>(reason, unproven.reason());
        }
        Optional<SlotVersion<R>> same =
                reread instanceof Reread.Same<R> mine ? Optional.of(mine.current()) : Optional.empty();
        same.ifPresent(evidence::record);
        if (same.isPresent() && ownAttempt.test(same.get().record())) {
            return new Take.Taken<>(same.get(), false);
        }
        return new Take.NotTaken<>(reason, same);
    }

    /** The slot re-read, when it holds a valid record of {@code mine}'s operation. */
    public Optional<SlotVersion<R>> sameOperation(R mine) {
        return reread(mine, CREATED) instanceof Reread.Same<R> same ? Optional.of(same.current()) : Optional.empty();
    }
}
