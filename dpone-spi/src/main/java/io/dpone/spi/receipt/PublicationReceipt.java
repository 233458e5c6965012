package io.dpone.spi.receipt;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.manifest.ReplicationMode;
import java.util.Map;
import java.util.Optional;

/**
 * The host-visible, machine-readable account of one publication or status read. The common fields
 * are typed; {@code detail} carries the mode's versioned receipt body (per-member states, the
 * bound distributed-DDL entries, digests) as a JSON-shaped tree of strings, numbers, booleans,
 * lists and string-keyed maps, in insertion order. It never holds hostnames, addresses,
 * credentials, row values, source SQL or local paths: members appear as shard/replica numbers.
 *
 * @param schema the versioned receipt schema name
 * @param operationId the hashed, scheduler-stable operation identity, or {@code ""} when none exists
 * @param errorCode the stable code that explains a non-committed outcome (for example
 *     {@code CLICKHOUSE_CLUSTER_PUBLICATION_TERMINAL_MIXED}); empty exactly when committed or when a
 *     status read found no record
 */
public record PublicationReceipt(
        String schema,
        ReplicationMode replicationMode,
        String operationId,
        EvidenceScope evidenceScope,
        EvidenceStatus evidenceStatus,
        PublicationOutcome outcome,
        Optional<DponeErrorCode> errorCode,
        Map<String, Object> detail) {

    public PublicationReceipt {
        requireNonNull(schema, "schema is null");
        requireNonNull(replicationMode, "replicationMode is null");
        requireNonNull(operationId, "operationId is null");
        requireNonNull(evidenceScope, "evidenceScope is null");
        requireNonNull(evidenceStatus, "evidenceStatus is null");
        requireNonNull(outcome, "outcome is null");
        requireNonNull(errorCode, "errorCode is null");
        boolean explained = outcome != PublicationOutcome.COMMITTED && outcome != PublicationOutcome.NONE;
        if (explained != errorCode.isPresent()) {
            throw new IllegalArgumentException(
                    "an error code explains exactly the outcomes other than committed and none");
        }
        if (schema.isBlank()) {
            throw new IllegalArgumentException("schema must be non-blank");
        }
        if (operationId.isBlank() && outcome != PublicationOutcome.NONE) {
            throw new IllegalArgumentException("only a status without a record has no operation id");
        }
        if (evidenceScope == EvidenceScope.RUNTIME && evidenceStatus != EvidenceStatus.UNVERIFIED) {
            throw new IllegalArgumentException("a runtime receipt cannot self-certify");
        }
        detail = DetailTree.freeze(requireNonNull(detail, "detail is null"));
    }

    /** A committed receipt without a mode-specific body. */
    public static PublicationReceipt committed(
            String schema,
            ReplicationMode replicationMode,
            String operationId,
            EvidenceScope evidenceScope,
            EvidenceStatus evidenceStatus) {
        return new PublicationReceipt(
                schema,
                replicationMode,
                operationId,
                evidenceScope,
                evidenceStatus,
                PublicationOutcome.COMMITTED,
                Optional.empty(),
                Map.of());
    }
}
