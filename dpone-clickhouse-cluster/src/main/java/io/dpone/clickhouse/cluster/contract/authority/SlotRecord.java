package io.dpone.clickhouse.cluster.contract.authority;

import io.dpone.clickhouse.cluster.contract.digest.Digest;

/**
 * What every authority record schema shares with the typed CAS columns of the control table: the
 * slot key, the operation and fence the CAS predicate names, and the dispatch epoch. Internal mode's
 * {@link AuthorityRecord} and external mode's record both implement it.
 */
public interface SlotRecord {
    Digest targetKey();

    Digest operationId();

    FenceToken fenceToken();

    long dispatchEpoch();

    /** The stored phase text of the {@code phase} column. */
    String phaseName();
}
