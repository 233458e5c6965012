package io.dpone.clickhouse.external.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.identity.ExternalIdentities;

/**
 * The sealed artifact an operation bound at STAGING: its SHA-256 (the store's name for it), byte
 * size, row count and schema digest; its canonical content digest (the order-independent digest
 * every member's re-observed rows must equal, docs/reference/external-mode.md); and the logical
 * generation id {@code H(operation_id, artifact_sha256, schema_digest, row_count)}.
 */
public record ArtifactBinding(
        Digest sha256, long byteSize, long rowCount, Digest schemaDigest, Digest contentDigest, Digest generationId) {
    public ArtifactBinding {
        requireNonNull(sha256, "sha256 is null");
        requireNonNull(schemaDigest, "schemaDigest is null");
        requireNonNull(contentDigest, "contentDigest is null");
        requireNonNull(generationId, "generationId is null");
        if (byteSize < 0 || rowCount < 0) {
            throw new IllegalArgumentException("byteSize and rowCount are non-negative");
        }
    }

    /** The binding of an artifact to {@code operationId}, with its generation id derived. */
    public static ArtifactBinding of(
            Digest operationId,
            Digest sha256,
            long byteSize,
            long rowCount,
            Digest schemaDigest,
            Digest contentDigest) {
        return new ArtifactBinding(
                sha256,
                byteSize,
                rowCount,
                schemaDigest,
                contentDigest,
                ExternalIdentities.generationId(operationId, sha256, schemaDigest, rowCount));
    }

    /** True when {@code generationId} is the one derived for {@code operationId}. */
    public boolean belongsTo(Digest operationId) {
        return generationId.equals(ExternalIdentities.generationId(operationId, sha256, schemaDigest, rowCount));
    }
}
