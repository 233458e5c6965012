package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.engine.SlotDecision;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.InternalBaseline;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;

/**
 * External mode's reading of the slot for {@link SlotDecision} (spec 001, "State and retry
 * contract"): this operation's external record is resumed; a finished external record (COMPLETED,
 * ABORTED) or a COMPLETED internal record (the migration) admits a new operation; an unresolved
 * internal record blocks external mode with its own code.
 */
enum ExternalSlotRules implements SlotDecision.Rules<ExternalSlot> {
    INSTANCE;

    @Override
    public boolean ownOperation(ExternalSlot record, Digest operationId) {
        return record instanceof ExternalRecord external
                && external.operationId().equals(operationId);
    }

    @Override
    public boolean admitsNewOperation(ExternalSlot record) {
        if (record instanceof InternalBaseline baseline) {
            if (!baseline.completed()) {
                throw new DponeException(
                        DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_MODE_MISMATCH,
                        "an unresolved internal-mode record (" + baseline.phaseName()
                                + ") holds the target; external mode is blocked until it completes");
            }
            return true;
        }
        return ((ExternalRecord) record).phase().admitsNewOperation();
    }
}
