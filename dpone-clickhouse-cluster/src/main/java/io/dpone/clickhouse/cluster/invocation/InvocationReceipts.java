package io.dpone.clickhouse.cluster.invocation;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.receipt.EvidenceScope;
import io.dpone.spi.receipt.EvidenceStatus;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One mode's receipt facts, its schema and replication mode, and the one builder of every receipt
 * of both modes: the hashed operation identity, the outcome and the invocation's evidence under
 * the message. Runtime receipts are always {@code runtime}/{@code UNVERIFIED}, success included:
 * execution cannot self-certify. The mode hands its facts to its evidence
 * ({@link InvocationEvidence#InvocationEvidence(InvocationReceipts, io.dpone.clickhouse.cluster.flow.ReceiptTimes)}),
 * which is the only caller.
 */
public record InvocationReceipts(String schema, ReplicationMode mode) {
    public InvocationReceipts {
        requireNonNull(schema, "schema is null");
        requireNonNull(mode, "mode is null");
    }

    PublicationReceipt receipt(
            String operationId,
            PublicationOutcome outcome,
            Optional<DponeErrorCode> code,
            String message,
            InvocationEvidence<?> evidence) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("message", message);
        detail.putAll(evidence.detail());
        return new PublicationReceipt(
                schema, mode, operationId, EvidenceScope.RUNTIME, EvidenceStatus.UNVERIFIED, outcome, code, detail);
    }
}
