package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.Optional;
import java.util.Set;

/**
 * The cluster as section 1 admitted it for this invocation: the exact inventory and its digest,
 * the expected host set every later rule and queue aggregate is checked against, and the target
 * generation (empty for an absent target).
 */
record AdmittedCluster(ClusterInventory inventory, Digest inventoryDigest, Optional<GenerationIdentity> target) {
    AdmittedCluster {
        requireNonNull(inventory, "inventory is null");
        requireNonNull(inventoryDigest, "inventoryDigest is null");
        requireNonNull(target, "target is null");
    }

    Set<HostEndpoint> hosts() {
        return inventory.endpoints();
    }
}
