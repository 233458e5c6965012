package io.dpone.clickhouse.external.store;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.spi.artifact.SealedArtifact;
import java.nio.file.Path;

/**
 * A complete artifact in a store. {@link #rows()} streams its canonical typed rows and verifies
 * size, row count and SHA-256 as it goes; a mismatch fails with
 * {@code CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY}. The path stays in memory only.
 */
public final class StoredArtifact {
    private final ArtifactManifest manifest;
    private final Path file;
    private final Path spillDirectory;

    StoredArtifact(ArtifactManifest manifest, Path file, Path spillDirectory) {
        this.manifest = requireNonNull(manifest, "manifest is null");
        this.file = requireNonNull(file, "file is null");
        this.spillDirectory = requireNonNull(spillDirectory, "spillDirectory is null");
    }

    public ArtifactManifest manifest() {
        return manifest;
    }

    public Digest sha256() {
        return manifest.sha256();
    }

    public ArtifactSchema schema() {
        return manifest.schema();
    }

    public long rowCount() {
        return manifest.rowCount();
    }

    public long byteSize() {
        return manifest.byteSize();
    }

    /** The identity the SPI and the authority carry. */
    public SealedArtifact summary() {
        return new SealedArtifact(
                manifest.sha256().hex(),
                manifest.byteSize(),
                manifest.rowCount(),
                manifest.schemaDigest().hex());
    }

    /** Its store's scratch directory ({@link ArtifactStore#spillDirectory()}), e.g. for its content digest. */
    public Path spillDirectory() {
        return spillDirectory;
    }

    /** Opens a verifying pass over the typed rows; close it when done. */
    public ArtifactRows rows() {
        return ArtifactRows.open(manifest, file);
    }

    /** Reads every row once and checks the SHA-256, size and count; returns this artifact. */
    public StoredArtifact verify() {
        try (ArtifactRows rows = rows()) {
            while (rows.next() != null) {
                // each row is decoded and hashed; the check happens at the end
            }
        }
        return this;
    }

    @Override
    public String toString() {
        return "StoredArtifact[" + manifest.sha256() + "]";
    }
}
