package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.ReplicaTables;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.List;
import java.util.Optional;

/**
 * What one member reported about itself in one {@code clusterAllReplicas} read: its own
 * {@code system.clusters} row (the row with {@code is_local}), the engines of the target database
 * (empty: absent; more than one: a catalog anomaly) and what it holds under the target and
 * candidate names. Facts only: whether they admit a publication is the caller's policy.
 *
 * @param member the endpoint the member's own configuration lists for it (its {@code is_local}
 *     row); a member without such a row yields no facts, so coverage reports it missing
 * @param targetReplicaName {@code system.replicas.replica_name} of the target, when exactly one row
 * @param candidateReplicaName {@code system.replicas.replica_name} of the candidate, when exactly one row
 * @param serverVersion the member's own {@code version()}, when it reported exactly one; shown, never judged
 *     (publish refuses by capability, not by version)
 */
public record MemberFacts(
        HostEndpoint member,
        long shardNumber,
        long replicaNumber,
        List<String> databaseEngines,
        TableObservation target,
        TableObservation candidate,
        Optional<String> targetReplicaName,
        Optional<String> candidateReplicaName,
        Optional<String> serverVersion) {
    public static final String ATOMIC = "Atomic";

    public MemberFacts {
        requireNonNull(member, "member is null");
        databaseEngines = List.copyOf(requireNonNull(databaseEngines, "databaseEngines is null"));
        requireNonNull(target, "target is null");
        requireNonNull(candidate, "candidate is null");
        requireNonNull(targetReplicaName, "targetReplicaName is null");
        requireNonNull(candidateReplicaName, "candidateReplicaName is null");
        requireNonNull(serverVersion, "serverVersion is null");
    }

    /** Facts without a reported server version. */
    public MemberFacts(
            HostEndpoint member,
            long shardNumber,
            long replicaNumber,
            List<String> databaseEngines,
            TableObservation target,
            TableObservation candidate,
            Optional<String> targetReplicaName,
            Optional<String> candidateReplicaName) {
        this(
                member,
                shardNumber,
                replicaNumber,
                databaseEngines,
                target,
                candidate,
                targetReplicaName,
                candidateReplicaName,
                Optional.empty());
    }

    /** Exactly one database of the name exists and its engine is exactly {@value #ATOMIC}. */
    public boolean databaseIsAtomic() {
        return databaseEngines.equals(List.of(ATOMIC));
    }

    /** The member's tables, as {@code GenerationRules} judges them. */
    public ReplicaTables tables() {
        return new ReplicaTables(member, target, targetReplicaName, candidate, candidateReplicaName);
    }

    @Override
    public String toString() {
        return "MemberFacts[shard=" + shardNumber + ", replica=" + replicaNumber + "]";
    }
}
