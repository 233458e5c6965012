package io.dpone.clickhouse.cluster.contract.generation;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;

/** One replica's observed identity of one table; the unit the generation-set digest hashes. */
public record ReplicaGeneration(HostEndpoint member, GenerationIdentity identity) {
    public ReplicaGeneration {
        requireNonNull(member, "member is null");
        requireNonNull(identity, "identity is null");
    }
}
