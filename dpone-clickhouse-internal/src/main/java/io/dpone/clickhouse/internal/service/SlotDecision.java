package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.util.Optional;

/**
 * What the slot lets an invocation do (spec: create or reconcile the target slot): a new operation
 * when it is empty or holds a COMPLETED record of another operation, the resumption of the
 * invocation's own operation, and otherwise a refusal: a foreign unresolved operation is fenced,
 * never stolen; an invalid record is never overwritten. Pure; {@code publish} acts on it and
 * {@code plan --live} reports it.
 */
sealed interface SlotDecision {
    /** Stage and take the slot: strictly when empty, by CAS from {@code completed} otherwise. */
    record NewOperation(Optional<SlotVersion<AuthorityRecord>> completed) implements SlotDecision {
        public NewOperation {
            requireNonNull(completed, "completed is null");
        }
    }

    /** Continue this invocation's own operation from its record. */
    record Resume(SlotVersion<AuthorityRecord> current) implements SlotDecision {
        public Resume {
            requireNonNull(current, "current is null");
        }
    }

    static SlotDecision of(SlotRead<AuthorityRecord> slot, Digest operationId) {
        if (slot instanceof SlotRead.Absent<AuthorityRecord>) {
            return new NewOperation(Optional.empty());
        }
        SlotVersion<AuthorityRecord> current = ((SlotRead.Present<AuthorityRecord>) slot)
                .valid()
                .orElseThrow(() -> new DponeException(
                        DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_RECORD_INVALID,
                        "the authority record is malformed, of an unknown version or oversized; it blocks the target and is never"
                                + " overwritten"));
        if (current.record().operationId().equals(operationId)) {
            return new Resume(current);
        }
        if (current.record().phase() != AuthorityPhase.COMPLETED) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT,
                    "another operation holds the target unresolved ("
                            + current.record().phase() + "); it is fenced, never" + " stolen");
        }
        return new NewOperation(Optional.of(current));
    }
}
