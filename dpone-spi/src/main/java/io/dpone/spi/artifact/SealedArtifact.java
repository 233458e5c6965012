package io.dpone.spi.artifact;

import static java.util.Objects.requireNonNull;

/**
 * What sealing produced: the artifact's identity as the external authority binds it. Digests are
 * 64 lowercase hexadecimal characters; none of the fields holds a value, name or path.
 *
 * @param artifactSha256 SHA-256 of the canonical row encoding, which is also the stored file
 * @param byteSize size of that encoding in bytes
 * @param rowCount rows sealed
 * @param schemaDigest SHA-256 of the canonical column list (names and canonical type names)
 */
public record SealedArtifact(String artifactSha256, long byteSize, long rowCount, String schemaDigest) {
    public SealedArtifact {
        requireHex(artifactSha256, "artifactSha256");
        requireHex(schemaDigest, "schemaDigest");
        if (byteSize < 0 || rowCount < 0) {
            throw new IllegalArgumentException("byteSize and rowCount are non-negative");
        }
    }

    private static void requireHex(String value, String name) {
        requireNonNull(value, name + " is null");
        if (!value.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException(name + " is 64 lowercase hex characters");
        }
    }
}
