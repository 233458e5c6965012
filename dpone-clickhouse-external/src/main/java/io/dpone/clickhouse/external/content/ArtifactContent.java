package io.dpone.clickhouse.external.content;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.artifact.DateTimePlacement;
import io.dpone.clickhouse.external.store.ArtifactRows;
import io.dpone.clickhouse.external.store.StoredArtifact;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The artifact side of the content proof: the {@link ContentDigest} of a stored artifact's rows as
 * members store them under {@code placement}, read in one verifying pass (SHA-256, size and row
 * count are checked at its end, so a changed artifact is CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY,
 * never a wrong digest). The heap is fixed: row digests spill to the store's {@code tmp/}.
 */
public final class ArtifactContent {
    private ArtifactContent() {}

    public static Digest digest(StoredArtifact artifact, DateTimePlacement placement) {
        UnaryOperator<List<Object>> stored = placement.storedRows(artifact.schema());
        try (ContentDigest content = new ContentDigest(artifact.schema(), artifact.spillDirectory());
                ArtifactRows rows = artifact.rows()) {
            for (List<Object> row = rows.next(); row != null; row = rows.next()) {
                content.add(stored.apply(row));
            }
            return content.finish();
        }
    }
}
