package io.dpone.spi.receipt;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.manifest.ReplicationMode;

/**
 * The host-visible summary of one successful publication. Mode-specific receipts (schema
 * {@code dpone.clickhouse.cluster-external-full-refresh-receipt.v1} and its internal counterpart)
 * carry the detail; this record carries only what every mode shares. It never holds hostnames,
 * addresses, credentials, row values, source SQL or local paths.
 *
 * @param schema the versioned receipt schema name
 * @param operationId the hashed, scheduler-stable operation identity
 */
public record PublicationReceipt(
        String schema,
        ReplicationMode replicationMode,
        String operationId,
        EvidenceScope evidenceScope,
        EvidenceStatus evidenceStatus) {

    public PublicationReceipt {
        requireNonNull(schema, "schema is null");
        requireNonNull(replicationMode, "replicationMode is null");
        requireNonNull(operationId, "operationId is null");
        requireNonNull(evidenceScope, "evidenceScope is null");
        requireNonNull(evidenceStatus, "evidenceStatus is null");
        if (schema.isBlank() || operationId.isBlank()) {
            throw new IllegalArgumentException("schema and operationId must be non-blank");
        }
        if (evidenceScope == EvidenceScope.RUNTIME && evidenceStatus != EvidenceStatus.UNVERIFIED) {
            throw new IllegalArgumentException("a runtime receipt cannot self-certify");
        }
    }
}
