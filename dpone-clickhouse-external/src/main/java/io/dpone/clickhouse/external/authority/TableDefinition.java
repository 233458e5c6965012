package io.dpone.clickhouse.external.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import java.util.UUID;

/**
 * What every member's table of one logical generation shares: the normalized {@code engine_full}
 * and the catalog schema digest (docs/reference/catalog-and-ddl.md). With a member's own UUID it
 * is that member's identity: external members have no Keeper name or replication path.
 */
public record TableDefinition(String engineFull, String schemaDigest) {
    public static final int MAX_ENGINE_FULL_LENGTH = 4096;

    public TableDefinition {
        requireNonNull(engineFull, "engineFull is null");
        requireNonNull(schemaDigest, "schemaDigest is null");
        if (engineFull.isBlank() || engineFull.length() > MAX_ENGINE_FULL_LENGTH) {
            throw new IllegalArgumentException("engine_full is non-blank and bounded");
        }
        if (!Digest.isWellFormed(schemaDigest)) {
            throw new IllegalArgumentException("schema digest is 64 lowercase hex characters");
        }
    }

    /** The definition of a direct identity; empty when it has Keeper fields (a replicated table). */
    public static java.util.Optional<TableDefinition> of(GenerationIdentity identity) {
        if (!identity.zookeeperName().isEmpty()
                || !identity.zookeeperPath().isEmpty()
                || !Digest.isWellFormed(identity.schemaDigest())) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new TableDefinition(identity.normalizedEngineFull(), identity.schemaDigest()));
    }

    /** The identity of the member table with {@code uuid} and this definition. */
    public GenerationIdentity identity(UUID uuid) {
        return GenerationIdentity.direct(uuid, engineFull, schemaDigest);
    }
}
