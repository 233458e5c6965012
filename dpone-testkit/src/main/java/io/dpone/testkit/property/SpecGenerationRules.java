package io.dpone.testkit.property;

import static io.dpone.clickhouse.cluster.contract.generation.GenerationViolation.*;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.GenerationViolation;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaTables;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * An independent restatement of spec section 2's four generation sentences, used as the oracle of
 * {@link GenerationRulesContract}. It shares no code with the default implementation. The
 * engine family is restated from the spec's "Replicated*MergeTree" with the seven direct
 * MergeTree variants of ClickHouse 24.8.
 */
public final class SpecGenerationRules {
    private static final Pattern FAMILY = Pattern.compile(
            "Replicated(|Replacing|Summing|Aggregating|Collapsing|VersionedCollapsing|Graphite)MergeTree([( ].*)?",
            Pattern.DOTALL);

    private SpecGenerationRules() {}

    /** Exactly the violations, in declaration order; {@code staged} judges the candidate too. */
    public static List<GenerationViolation> expected(
            Set<HostEndpoint> inventory, List<ReplicaTables> replicas, boolean staged) {
        Map<HostEndpoint, Integer> answers = new HashMap<>();
        replicas.forEach(r -> answers.merge(r.member(), 1, Integer::sum));
        boolean exact = !inventory.isEmpty()
                && answers.keySet().equals(inventory)
                && answers.values().stream().allMatch(n -> n == 1);
        if (!exact) {
            return List.of(REPLICA_SET_INEXACT);
        }
        TreeSet<GenerationViolation> out = new TreeSet<>();
        judgeTable(
                replicas,
                ReplicaTables::target,
                ReplicaTables::targetReplicaName,
                out,
                TARGET_IDENTITY_UNKNOWN,
                TARGET_PRESENCE_MIXED,
                TARGET_IDENTITY_DIVERGES,
                TARGET_ENGINE_OUTSIDE_FAMILY,
                TARGET_REPLICA_NAME_MISSING,
                TARGET_REPLICA_NAMES_DUPLICATED);
        if (staged) {
            if (replicas.stream().allMatch(r -> r.candidate() instanceof TableObservation.Absent)) {
                out.add(CANDIDATE_ABSENT);
            }
            judgeTable(
                    replicas,
                    ReplicaTables::candidate,
                    ReplicaTables::candidateReplicaName,
                    out,
                    CANDIDATE_IDENTITY_UNKNOWN,
                    CANDIDATE_PRESENCE_MIXED,
                    CANDIDATE_IDENTITY_DIVERGES,
                    CANDIDATE_ENGINE_OUTSIDE_FAMILY,
                    CANDIDATE_REPLICA_NAME_MISSING,
                    CANDIDATE_REPLICA_NAMES_DUPLICATED);
            for (GenerationIdentity candidate : present(replicas, ReplicaTables::candidate)) {
                for (GenerationIdentity target : present(replicas, ReplicaTables::target)) {
                    if (candidate.tableUuid().equals(target.tableUuid())) {
                        out.add(CANDIDATE_SHARES_TARGET_UUID);
                    }
                    if (candidate.zookeeperName().equals(target.zookeeperName())
                            && candidate.zookeeperPath().equals(target.zookeeperPath())) {
                        out.add(CANDIDATE_SHARES_TARGET_PATH);
                    }
                }
            }
        }
        return List.copyOf(out);
    }

    /** Whether the spec's engine family admits a normalized engine_full. */
    public static boolean inFamily(String engineFull) {
        return FAMILY.matcher(engineFull).matches();
    }

    private static void judgeTable(
            List<ReplicaTables> replicas,
            Function<ReplicaTables, TableObservation> table,
            Function<ReplicaTables, Optional<String>> name,
            Set<GenerationViolation> out,
            GenerationViolation unknown,
            GenerationViolation mixed,
            GenerationViolation diverges,
            GenerationViolation engine,
            GenerationViolation nameMissing,
            GenerationViolation namesDuplicated) {
        int absent = 0;
        int indeterminate = 0;
        for (ReplicaTables replica : replicas) {
            TableObservation observation = table.apply(replica);
            absent += observation instanceof TableObservation.Absent ? 1 : 0;
            indeterminate += observation instanceof TableObservation.Indeterminate ? 1 : 0;
        }
        if (indeterminate > 0) {
            out.add(unknown);
        }
        if (absent > 0 && absent < replicas.size()) {
            out.add(mixed);
        }
        List<GenerationIdentity> identities = present(replicas, table);
        if (identities.stream().distinct().count() > 1) {
            out.add(diverges);
        }
        if (identities.stream().anyMatch(identity -> !inFamily(identity.normalizedEngineFull()))) {
            out.add(engine);
        }
        if (absent == replicas.size()) {
            return;
        }
        List<String> names = new ArrayList<>();
        for (ReplicaTables replica : replicas) {
            String replicaName = name.apply(replica).orElse("");
            if (replicaName.isEmpty()) {
                out.add(nameMissing);
            } else {
                names.add(replicaName);
            }
        }
        if (names.stream().distinct().count() < names.size()) {
            out.add(namesDuplicated);
        }
    }

    private static List<GenerationIdentity> present(
            List<ReplicaTables> replicas, Function<ReplicaTables, TableObservation> table) {
        List<GenerationIdentity> identities = new ArrayList<>();
        for (ReplicaTables replica : replicas) {
            if (table.apply(replica) instanceof TableObservation.Present present) {
                identities.add(present.identity());
            }
        }
        return identities;
    }
}
