package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.CasResult;
import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.KeeperMapSlots;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.engine.StepResult;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * One CAS of the operation's record and what the service does with its outcome, as internal mode
 * does: each call is one {@link KeeperMapSlots#compareAndSwap}, never repeated; an unknown outcome
 * stops the invocation (the next one starts from a read); a conflict is followed by one read, and
 * only a record of the same operation and fence lets the caller re-evaluate from what it shows.
 */
final class SlotWrites {
    private final KeeperMapSlots<ExternalSlot> authority;

    SlotWrites(KeeperMapSlots<ExternalSlot> authority) {
        this.authority = requireNonNull(authority, "authority is null");
    }

    sealed interface Step {
        /** The record the next step continues from, or the ending that stopped the invocation. */
        StepResult<SlotVersion<ExternalSlot>, Ending> result();

        /** The write was verified ({@code permit} present when it opened an epoch), or a re-read shows the same operation. */
        record Advanced(SlotVersion<ExternalSlot> current, Optional<DispatchPermit> permit, boolean written)
                implements Step {
            @Override
            public StepResult<SlotVersion<ExternalSlot>, Ending> result() {
                return new StepResult.Continue<>(current);
            }
        }

        record Stopped(Ending ending) implements Step {
            @Override
            public StepResult<SlotVersion<ExternalSlot>, Ending> result() {
                return new StepResult.Concluded<>(ending);
            }
        }
    }

    Step write(SlotVersion<ExternalSlot> expected, ExternalRecord next, ExternalEvidence evidence) {
        SlotWrite<ExternalSlot> result = authority.compareAndSwap(expected, next);
        if (result instanceof SlotWrite.Verified<ExternalSlot> verified) {
            evidence.record(verified.verified());
            return new Step.Advanced(verified.verified(), verified.dispatchPermit(), true);
        }
        if (result instanceof SlotWrite.Unknown<ExternalSlot> unknown) {
            return new Step.Stopped(Ending.of(
                    PublicationOutcome.UNKNOWN,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN,
                    "the response to an authority write was lost (" + unknown.reason() + "); nothing more was sent;"
                            + " run the same invocation again to reconcile from a fresh read"));
        }
        CasResult.ConflictReason reason = ((SlotWrite.Conflict<ExternalSlot>) result).reason();
        Optional<SlotVersion<ExternalSlot>> reread = sameOperation(next);
        if (reread.isPresent()) {
            evidence.record(reread.get());
            return new Step.Advanced(reread.get(), Optional.empty(), false);
        }
        return new Step.Stopped(Ending.of(
                PublicationOutcome.UNKNOWN,
                code(reason),
                "the authority record changed under this invocation (" + reason + "); nothing was sent"));
    }

    /** The slot re-read, when it still holds a valid record of {@code mine}'s operation and fence. */
    Optional<SlotVersion<ExternalSlot>> sameOperation(ExternalRecord mine) {
        SlotRead<ExternalSlot> read = authority.readVersioned(mine.targetKey());
        if (read instanceof SlotRead.Present<ExternalSlot> present) {
            return present.valid()
                    .filter(valid -> valid.record() instanceof ExternalRecord record
                            && record.operationId().equals(mine.operationId())
                            && record.fenceToken().equals(mine.fenceToken()));
        }
        return Optional.empty();
    }

    static DponeErrorCode code(CasResult.ConflictReason reason) {
        return reason == CasResult.ConflictReason.NOT_SENT
                ? DponeErrorCode.CLICKHOUSE_CLUSTER_TRANSPORT_FAILED
                : DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT;
    }
}
