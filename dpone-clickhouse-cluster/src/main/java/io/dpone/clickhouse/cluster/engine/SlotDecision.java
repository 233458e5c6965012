package io.dpone.clickhouse.cluster.engine;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.util.Optional;

/**
 * What the target's slot lets an invocation do, in either mode (spec 000: create or reconcile the
 * target slot; spec 001, "State and retry contract"): an absent slot, or another operation's record
 * the mode lets a new operation take over ({@link Rules#admitsNewOperation}), admits a new
 * operation; the invocation's own operation is resumed; an invalid record blocks and is never
 * overwritten, and another operation's unresolved record is fenced, never stolen. Pure; publish acts
 * on it and {@code plan --live} reports it.
 *
 * @param <R> the mode's record schema
 */
public sealed interface SlotDecision<R extends SlotRecord> {
    /** A new operation, taking the slot when absent or by CAS from {@code finished}. */
    record NewOperation<R extends SlotRecord>(Optional<SlotVersion<R>> finished) implements SlotDecision<R> {
        public NewOperation {
            requireNonNull(finished, "finished is null");
        }
    }

    /** This invocation's own operation, resumed from its record. */
    record Resume<R extends SlotRecord>(SlotVersion<R> current) implements SlotDecision<R> {
        public Resume {
            requireNonNull(current, "current is null");
        }
    }

    /** What a mode reads in a valid record of the slot. */
    interface Rules<R extends SlotRecord> {
        /** Whether {@code record} is of the operation {@code operationId}: it is then resumed. */
        boolean ownOperation(R record, Digest operationId);

        /**
         * Whether another operation's {@code record} lets a new operation take the slot over (its
         * finished phases); a blocker of the mode's own may be thrown here with its code.
         */
        boolean admitsNewOperation(R record);
    }

    /** The decision for {@code slot} (never {@link SlotRead.Unavailable}); a blocker is thrown with its stable code. */
    static <R extends SlotRecord> SlotDecision<R> of(SlotRead<R> slot, Digest operationId, Rules<R> rules) {
        if (slot instanceof SlotRead.Absent<R>) {
            return new NewOperation<>(Optional.empty());
        }
        SlotVersion<R> current = ((SlotRead.Present<R>) slot)
                .valid()
                .orElseThrow(() -> new DponeException(
                        DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_RECORD_INVALID,
                        "the authority record is malformed, of an unknown schema or version, or oversized; it blocks"
                                + " the target and is never overwritten"));
        if (rules.ownOperation(current.record(), operationId)) {
            return new Resume<>(current);
        }
        if (!rules.admitsNewOperation(current.record())) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT,
                    "another operation holds the target unresolved ("
                            + current.record().phaseName() + "); it is fenced, never stolen");
        }
        return new NewOperation<>(Optional.of(current));
    }
}
