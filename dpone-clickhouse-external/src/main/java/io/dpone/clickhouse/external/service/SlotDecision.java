package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.InternalBaseline;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.util.Optional;

/**
 * What the target's slot lets an operation do (spec 001, "State and retry contract"): an absent
 * slot, a finished external record (COMPLETED, ABORTED) or a COMPLETED internal record (the
 * migration) admits a new operation; this operation's own record is resumed; an invalid record,
 * an unresolved internal record or another operation's unresolved record blocks. Publish acts on
 * it and {@code plan --live} shows it. Pure.
 */
sealed interface SlotDecision {
    /** A new operation, taking the slot when absent or by CAS from {@code finished}. */
    record NewOperation(Optional<SlotVersion<ExternalSlot>> finished) implements SlotDecision {
        public NewOperation {
            requireNonNull(finished, "finished is null");
        }
    }

    /** This operation's own record, resumed from its phase. */
    record Resume(SlotVersion<ExternalSlot> current) implements SlotDecision {
        public Resume {
            requireNonNull(current, "current is null");
        }
    }

    /** The decision for {@code slot} (never {@link SlotRead.Unavailable}); a blocker is thrown with its stable code. */
    static SlotDecision of(SlotRead<ExternalSlot> slot, Digest operationId) {
        if (slot instanceof SlotRead.Absent<ExternalSlot>) {
            return new NewOperation(Optional.empty());
        }
        SlotVersion<ExternalSlot> current = ((SlotRead.Present<ExternalSlot>) slot)
                .valid()
                .orElseThrow(
                        () -> new DponeException(
                                DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_RECORD_INVALID,
                                "the authority record is"
                                        + " malformed, of an unknown schema or version, or oversized; it blocks the target and is never overwritten"));
        if (current.record() instanceof InternalBaseline baseline) {
            if (!baseline.completed()) {
                throw new DponeException(
                        DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_MODE_MISMATCH,
                        "an unresolved internal-mode" + " record (" + baseline.phaseName()
                                + ") holds the target; external mode is blocked until it completes");
            }
            return new NewOperation(Optional.of(current));
        }
        ExternalRecord record = (ExternalRecord) current.record();
        if (record.operationId().equals(operationId)) {
            return new Resume(current);
        }
        if (!record.phase().admitsNewOperation()) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT,
                    "another operation holds the target unresolved (" + record.phase()
                            + "); it is fenced, never stolen");
        }
        return new NewOperation(Optional.of(current));
    }
}
