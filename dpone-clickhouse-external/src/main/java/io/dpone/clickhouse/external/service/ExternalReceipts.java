package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.receipt.EvidenceScope;
import io.dpone.spi.receipt.EvidenceStatus;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The external receipt, schema {@value #SCHEMA}: hashed operation identity, outcome and the run's
 * evidence. Runtime receipts are always {@code runtime}/{@code UNVERIFIED}, success included:
 * execution cannot self-certify (seed 001, "Receipt and evidence contract").
 */
public final class ExternalReceipts {
    public static final String SCHEMA = "dpone.clickhouse.cluster-external-full-refresh-receipt.v1";

    private ExternalReceipts() {}

    static PublicationReceipt of(String operationId, Ending ending, ExternalEvidence evidence) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("message", ending.message());
        detail.putAll(evidence.detail());
        return new PublicationReceipt(
                SCHEMA,
                ReplicationMode.EXTERNAL,
                operationId,
                EvidenceScope.RUNTIME,
                EvidenceStatus.UNVERIFIED,
                ending.outcome(),
                ending.code(),
                detail);
    }

    /** A status read that found no external record of the target. */
    static PublicationReceipt none(String message, ExternalEvidence evidence) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("message", message);
        detail.putAll(evidence.detail());
        return new PublicationReceipt(
                SCHEMA,
                ReplicationMode.EXTERNAL,
                "",
                EvidenceScope.RUNTIME,
                EvidenceStatus.UNVERIFIED,
                PublicationOutcome.NONE,
                Optional.empty(),
                detail);
    }
}
