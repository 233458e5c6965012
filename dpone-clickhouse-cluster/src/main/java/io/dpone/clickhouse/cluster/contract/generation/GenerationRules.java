package io.dpone.clickhouse.cluster.contract.generation;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.GenerationViolation.Subject;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.inventory.MemberCoverage;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The generation rules of spec section 2 across the replicas of the admitted inventory, one
 * {@link GenerationRule} per spec sentence, as pure functions of per-replica facts. Pure and
 * thread-safe.
 *
 * <ol>
 *   <li>{@link GenerationRule#TARGET_ONE_IDENTITY}: the target is {@code Present} with one equal
 *       identity on every replica, or {@code Absent} on every replica (an absent target). Any
 *       {@code Indeterminate}, a mix of present and absent, or two identities is a violation.</li>
 *   <li>{@link GenerationRule#CANDIDATE_DISTINCT_AND_UNIFORM}: the same uniformity for the
 *       candidate, which must exist after staging, and no candidate identity may share the table
 *       UUID or the (zookeeper_name, zookeeper_path) of any target identity seen on any replica.</li>
 *   <li>{@link GenerationRule#ENGINE_FAMILY}: every present identity's normalized engine_full is
 *       in {@link ReplicatedEngineFamily}.</li>
 *   <li>{@link GenerationRule#REPLICA_NAMES_EXACT}: the facts are exactly one per inventory member,
 *       and for a table that is not absent everywhere every member reports a non-empty replica
 *       name and no two members report the same one (exact, case-sensitive comparison, as Keeper
 *       node names are). A table absent everywhere has no replica names to check.</li>
 * </ol>
 *
 * When the facts are not exactly one per inventory member the verdict is
 * {@link GenerationViolation#REPLICA_SET_INEXACT} alone: "across all replicas" cannot be judged
 * on a partial or padded set. Otherwise every broken rule is reported.
 */
public final class GenerationRules {
    private GenerationRules() {}

    /**
     * The target rules at admission, before anything is staged. The candidate is not judged here:
     * it is normally absent, and one left by an earlier attempt is judged after staging (or by
     * reconciliation against the authority record), never by admission.
     *
     * @return {@code Valid(target, empty)} or the target-side and replica-set violations
     */
    public static GenerationVerdict targetAtAdmission(Set<HostEndpoint> expectedMembers, List<ReplicaTables> replicas) {
        return judge(expectedMembers, replicas, false);
    }

    /**
     * Every rule for target and candidate after the candidate is staged. The publication service
     * calls it after creating and loading the candidate and before acquiring authority, and again
     * with fresh facts immediately before dispatch.
     *
     * @return {@code Valid(target, Optional.of(candidate))}, the target empty for an absent
     *     target, or every violation found
     */
    public static GenerationVerdict afterStaging(Set<HostEndpoint> expectedMembers, List<ReplicaTables> replicas) {
        return judge(expectedMembers, replicas, true);
    }

    private static GenerationVerdict judge(
            Set<HostEndpoint> expectedMembers, List<ReplicaTables> replicas, boolean staged) {
        requireNonNull(expectedMembers, "expectedMembers is null");
        requireNonNull(replicas, "replicas is null");
        List<HostEndpoint> answered =
                replicas.stream().map(ReplicaTables::member).toList();
        if (expectedMembers.isEmpty()
                || MemberCoverage.check(expectedMembers, answered).isPresent()) {
            return new GenerationVerdict.Violated(List.of(GenerationViolation.REPLICA_SET_INEXACT));
        }
        TableAcrossReplicas target = TableAcrossReplicas.of(replicas, Subject.TARGET);
        TableAcrossReplicas candidate = TableAcrossReplicas.of(replicas, Subject.CANDIDATE);
        EnumSet<GenerationViolation> found = EnumSet.noneOf(GenerationViolation.class);
        target.checkOneIdentity(found);
        target.checkEngines(found);
        target.checkReplicaNames(found);
        if (staged) {
            if (candidate.absentEverywhere()) {
                found.add(GenerationViolation.CANDIDATE_ABSENT);
            }
            candidate.checkOneIdentity(found);
            candidate.checkDistinctFrom(target, found);
            candidate.checkEngines(found);
            candidate.checkReplicaNames(found);
        }
        if (!found.isEmpty()) {
            return new GenerationVerdict.Violated(List.copyOf(found));
        }
        return new GenerationVerdict.Valid(
                target.uniformIdentity(), staged ? candidate.uniformIdentity() : Optional.empty());
    }
}
