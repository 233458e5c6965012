package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.invocation.InvocationReceipts;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.receipt.PublicationReceipt;

/**
 * The external receipt, schema {@value #SCHEMA}: hashed operation identity, outcome and the
 * invocation's evidence; runtime/UNVERIFIED, success included (spec 001, "Receipt and evidence
 * contract").
 */
public final class ExternalReceipts {
    public static final String SCHEMA = "dpone.clickhouse.cluster-external-full-refresh-receipt.v1";
    private static final InvocationReceipts RECEIPTS = new InvocationReceipts(SCHEMA, ReplicationMode.EXTERNAL);

    private ExternalReceipts() {}

    static PublicationReceipt of(String operationId, Ending ending, ExternalEvidence evidence) {
        return RECEIPTS.of(operationId, ending.outcome(), ending.code(), ending.message(), evidence);
    }

    /** A status read that found no external record of the target. */
    static PublicationReceipt none(String message, ExternalEvidence evidence) {
        return RECEIPTS.none(message, evidence);
    }
}
