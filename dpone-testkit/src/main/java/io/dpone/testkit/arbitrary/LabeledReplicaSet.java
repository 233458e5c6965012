package io.dpone.testkit.arbitrary;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.GenerationViolation;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaTables;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A staged replica set built from one target generation (or an absent target) and one candidate
 * generation, with at most one {@link GenerationDefect}; labeled by construction.
 *
 * @param target the target generation the set was built from; empty for an absent target
 * @param candidate the candidate generation the set was built from
 */
public record LabeledReplicaSet(
        Set<HostEndpoint> expected,
        List<ReplicaTables> replicas,
        Optional<GenerationIdentity> target,
        GenerationIdentity candidate,
        Optional<GenerationDefect> defect) {
    public LabeledReplicaSet {
        expected = Set.copyOf(requireNonNull(expected, "expected is null"));
        replicas = List.copyOf(requireNonNull(replicas, "replicas is null"));
        requireNonNull(target, "target is null");
        requireNonNull(candidate, "candidate is null");
        requireNonNull(defect, "defect is null");
    }

    /** Exactly the violations after staging, in declaration order; empty when the set is valid. */
    public List<GenerationViolation> violationsAfterStaging() {
        return defect.map(d -> List.copyOf(EnumSet.copyOf(d.violations()))).orElse(List.of());
    }

    /** Exactly the violations at admission, where the candidate is not judged. */
    public List<GenerationViolation> violationsAtAdmission() {
        return violationsAfterStaging().stream()
                .filter(violation -> violation.subject() != GenerationViolation.Subject.CANDIDATE)
                .toList();
    }

    @Override
    public String toString() {
        return "LabeledReplicaSet[defect=" + defect.map(Enum::name).orElse("none") + ", expected="
                + ReplicaSet.describeMembers(expected) + ", replicas=" + ReplicaSet.describe(replicas) + "]";
    }
}
