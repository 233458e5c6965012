package io.dpone.testkit.arbitrary;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaTables;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The inventory's endpoints and the per-replica facts a generation rule judges; not labeled. */
public record ReplicaSet(Set<HostEndpoint> expected, List<ReplicaTables> replicas) {
    public ReplicaSet {
        expected = Set.copyOf(requireNonNull(expected, "expected is null"));
        replicas = List.copyOf(requireNonNull(replicas, "replicas is null"));
    }

    @Override
    public String toString() {
        return "ReplicaSet[expected=" + describeMembers(expected) + ", replicas=" + describe(replicas) + "]";
    }

    /** Generated facts in full, for shrunk counterexamples (test data only, never production facts). */
    static String describe(List<ReplicaTables> replicas) {
        return replicas.stream()
                .map(r -> r.member().host() + ":" + r.member().port() + " target=" + describe(r.target())
                        + name(r.targetReplicaName()) + " candidate=" + describe(r.candidate())
                        + name(r.candidateReplicaName()))
                .collect(Collectors.joining("; ", "[", "]"));
    }

    static String describeMembers(Set<HostEndpoint> members) {
        return members.stream()
                .map(m -> m.host() + ":" + m.port())
                .sorted()
                .collect(Collectors.joining(", ", "{", "}"));
    }

    private static String describe(TableObservation observation) {
        if (observation instanceof TableObservation.Present present) {
            GenerationIdentity id = present.identity();
            return "Present(" + id.tableUuid() + ", " + id.normalizedEngineFull() + ", " + id.schemaDigest() + ", "
                    + id.zookeeperName() + ", " + id.zookeeperPath() + ")";
        }
        return observation.getClass().getSimpleName();
    }

    private static String name(Optional<String> name) {
        return name.map(n -> " as '" + n + "'").orElse(" unnamed");
    }
}
