package io.dpone.clickhouse.cluster.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.AuthorityPort;
import io.dpone.clickhouse.cluster.authority.AuthorityRead;
import io.dpone.clickhouse.cluster.authority.CasResult;
import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.VersionedRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
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

    AuthorityWrites(AuthorityPort authority) {
        this.authority = requireNonNull(authority, "authority is null");
    }

    /** The result of one write. */
    sealed interface Step {
        /** The write was verified ({@code permit} present when it opened a dispatch epoch), or a re-read shows the same operation. */
        record Advanced(VersionedRecord current, Optional<DispatchPermit> permit, boolean written) implements Step {
        }

        /** The invocation ends here. */
        record Stopped(Conclusion conclusion) implements Step {
        }
    }

    Step write(VersionedRecord expected, AuthorityRecord next, RunEvidence evidence) {
        CasResult result = authority.compareAndSwap(expected, next);
        if (result instanceof CasResult.AcknowledgedVerified verified) {
            evidence.record(verified.verified());
            return new Step.Advanced(verified.verified(), verified.dispatchPermit(), true);
        }
        if (result instanceof CasResult.OutcomeUnknown unknown) {
            return new Step.Stopped(Conclusion.of(PublicationOutcome.UNKNOWN, unknown.code(),
                    "the response to an authority write was lost (" + unknown.reason() + "); nothing more was sent;"
                            + " run the same invocation again to reconcile from a fresh read"));
        }
        CasResult.Conflict conflict = (CasResult.Conflict) result;
        Optional<VersionedRecord> reread = sameOperation(expected.record());
        if (reread.isPresent()) {
            evidence.record(reread.get());
            return new Step.Advanced(reread.get(), Optional.empty(), false);
        }
        return new Step.Stopped(Conclusion.of(PublicationOutcome.UNKNOWN, conflict.code(),
                "the authority record changed under this invocation (" + conflict.reason() + "); nothing was sent"));
    }

    /**
     * The slot re-read, when it holds a valid record of {@code mine}'s operation: written by this
     * invocation or by another worker of the same scheduler invocation (which may have created the
     * slot with its own fence), so the caller may continue from it, read-only first.
     */
    Optional<VersionedRecord> sameOperation(AuthorityRecord mine) {
        AuthorityRead read = authority.readVersioned(mine.targetKey());
        if (read instanceof AuthorityRead.Present present) {
            return present.valid().filter(valid -> valid.record().operationId().equals(mine.operationId()));
        }
        return Optional.empty();
    }

}
