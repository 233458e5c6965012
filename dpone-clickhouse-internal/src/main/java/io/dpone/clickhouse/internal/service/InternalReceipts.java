package io.dpone.clickhouse.internal.service;

import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.receipt.EvidenceScope;
import io.dpone.spi.receipt.EvidenceStatus;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The internal-mode receipt: schema, hashed operation identity, outcome, and the run's evidence. */
final class InternalReceipts {
    static final String SCHEMA = "dpone.clickhouse.cluster-full-refresh-receipt.v1";

    private InternalReceipts() {}

    /** Runtime receipts are always {@code runtime}/{@code UNVERIFIED}: execution cannot self-certify. */
    static PublicationReceipt of(String operationId, Ending conclusion, RunEvidence evidence) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("message", conclusion.message());
        detail.putAll(evidence.detail());
        return new PublicationReceipt(
                SCHEMA,
                ReplicationMode.INTERNAL,
                operationId,
                EvidenceScope.RUNTIME,
                EvidenceStatus.UNVERIFIED,
                conclusion.outcome(),
                conclusion.code(),
                detail);
    }

    /** A status read that found no record for the target. */
    static PublicationReceipt none(RunEvidence evidence) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("message", "the target has no authority record");
        detail.putAll(evidence.detail());
        return new PublicationReceipt(
                SCHEMA,
                ReplicationMode.INTERNAL,
                "",
                EvidenceScope.RUNTIME,
                EvidenceStatus.UNVERIFIED,
                PublicationOutcome.NONE,
                Optional.empty(),
                detail);
    }
}
