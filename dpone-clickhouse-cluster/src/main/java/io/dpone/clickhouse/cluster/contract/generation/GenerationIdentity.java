package io.dpone.clickhouse.cluster.contract.generation;

import static java.util.Objects.requireNonNull;

import java.util.UUID;

/**
 * The exact identity of one table generation on one replica (spec section 2): table UUID,
 * normalized engine_full, schema digest, Keeper ensemble name and replication path. Two
 * observations are the same generation only when every field is equal.
 */
public record GenerationIdentity(
        UUID tableUuid, String normalizedEngineFull, String schemaDigest, String zookeeperName, String zookeeperPath) {
    public GenerationIdentity {
        requireNonNull(tableUuid, "tableUuid is null");
        requireNonNull(normalizedEngineFull, "normalizedEngineFull is null");
        requireNonNull(schemaDigest, "schemaDigest is null");
        requireNonNull(zookeeperName, "zookeeperName is null");
        requireNonNull(zookeeperPath, "zookeeperPath is null");
    }

    /**
     * The identity of a non-replicated table ({@link TableIdentityKind#DIRECT}): it has no Keeper
     * ensemble and no replication path, so both are empty.
     */
    public static GenerationIdentity direct(UUID tableUuid, String normalizedEngineFull, String schemaDigest) {
        return new GenerationIdentity(tableUuid, normalizedEngineFull, schemaDigest, "", "");
    }

    /** True when both generations live on a different table and a different replication path. */
    public boolean isDistinctFrom(GenerationIdentity other) {
        return !tableUuid.equals(other.tableUuid)
                && !(zookeeperName.equals(other.zookeeperName) && zookeeperPath.equals(other.zookeeperPath));
    }
}
