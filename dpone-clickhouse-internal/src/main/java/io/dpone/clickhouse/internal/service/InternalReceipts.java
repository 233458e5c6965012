package io.dpone.clickhouse.internal.service;

import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.invocation.InvocationReceipts;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.receipt.PublicationReceipt;

/** The internal-mode receipt: schema, hashed operation identity, outcome, and the invocation's evidence. */
final class InternalReceipts {
    static final String SCHEMA = "dpone.clickhouse.cluster-full-refresh-receipt.v1";
    private static final InvocationReceipts RECEIPTS = new InvocationReceipts(SCHEMA, ReplicationMode.INTERNAL);

    private InternalReceipts() {}

    static PublicationReceipt of(String operationId, Ending conclusion, InternalEvidence evidence) {
        return RECEIPTS.of(operationId, conclusion.outcome(), conclusion.code(), conclusion.message(), evidence);
    }

    /** A status read that found no record for the target. */
    static PublicationReceipt none(InternalEvidence evidence) {
        return RECEIPTS.none("the target has no authority record", evidence);
    }
}
