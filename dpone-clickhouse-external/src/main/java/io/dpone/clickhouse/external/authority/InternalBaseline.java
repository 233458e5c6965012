package io.dpone.clickhouse.external.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;

/**
 * An internal-mode V1 record found in the target's slot. Unresolved, it blocks external mode
 * ({@code CLICKHOUSE_CLUSTER_EXTERNAL_MODE_MISMATCH}); COMPLETED, it may be taken over only by a
 * version-checked migration CAS into an external LOCKED record. Never written by external mode.
 */
public record InternalBaseline(AuthorityRecord record) implements ExternalSlot {
    public InternalBaseline {
        requireNonNull(record, "record is null");
    }

    public boolean completed() {
        return record.phase() == AuthorityPhase.COMPLETED;
    }

    @Override
    public Digest targetKey() {
        return record.targetKey();
    }

    @Override
    public Digest operationId() {
        return record.operationId();
    }

    @Override
    public FenceToken fenceToken() {
        return record.fenceToken();
    }

    @Override
    public long dispatchEpoch() {
        return record.dispatchEpoch();
    }

    @Override
    public String phaseName() {
        return record.phaseName();
    }
}
