package io.dpone.clickhouse.cluster.contract.generation;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.Optional;

/**
 * What one replica holds under the target and candidate names: the input of
 * {@link GenerationRules}. {@code port.MemberFacts#tables()} builds it from a catalog read.
 *
 * @param targetReplicaName {@code system.replicas.replica_name} of the target; empty when the
 *     replica has no single replication row for it
 * @param candidateReplicaName the same for the candidate
 */
public record ReplicaTables(
        HostEndpoint member,
        TableObservation target,
        Optional<String> targetReplicaName,
        TableObservation candidate,
        Optional<String> candidateReplicaName) {
    public ReplicaTables {
        requireNonNull(member, "member is null");
        requireNonNull(target, "target is null");
        requireNonNull(targetReplicaName, "targetReplicaName is null");
        requireNonNull(candidate, "candidate is null");
        requireNonNull(candidateReplicaName, "candidateReplicaName is null");
    }

    /** Replica names can name hosts; they never reach logs through this record. */
    @Override
    public String toString() {
        return "ReplicaTables[target=" + target.getClass().getSimpleName() + ", candidate="
                + candidate.getClass().getSimpleName() + "]";
    }
}
