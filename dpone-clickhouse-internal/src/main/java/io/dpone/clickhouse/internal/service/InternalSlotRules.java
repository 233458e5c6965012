package io.dpone.clickhouse.internal.service;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.engine.SlotDecision;

/**
 * Internal mode's reading of the slot for {@link SlotDecision}: a record of this operation is
 * resumed; only a COMPLETED record of another operation lets a new one take the slot.
 */
enum InternalSlotRules implements SlotDecision.Rules<AuthorityRecord> {
    INSTANCE;

    @Override
    public boolean ownOperation(AuthorityRecord record, Digest operationId) {
        return record.operationId().equals(operationId);
    }

    @Override
    public boolean admitsNewOperation(AuthorityRecord record) {
        return record.phase() == AuthorityPhase.COMPLETED;
    }
}
