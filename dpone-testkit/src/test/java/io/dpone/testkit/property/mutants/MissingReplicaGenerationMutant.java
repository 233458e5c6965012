package io.dpone.testkit.property.mutants;

import io.dpone.clickhouse.cluster.contract.generation.GenerationRules;
import io.dpone.clickhouse.cluster.contract.generation.GenerationVerdict;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaTables;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.testkit.property.GenerationRulesContract;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/** A host set off by one: judges the replicas that answered, so an expected member without a row is not noticed. */
@AddLifecycleHook(FixedSeedHook.class)
public class MissingReplicaGenerationMutant extends GenerationRulesContract {
    @Override
    protected GenerationVerdict targetAtAdmission(Set<HostEndpoint> expected, List<ReplicaTables> replicas) {
        return GenerationRules.targetAtAdmission(answered(expected, replicas), replicas);
    }

    @Override
    protected GenerationVerdict afterStaging(Set<HostEndpoint> expected, List<ReplicaTables> replicas) {
        return GenerationRules.afterStaging(answered(expected, replicas), replicas);
    }

    private static Set<HostEndpoint> answered(Set<HostEndpoint> expected, List<ReplicaTables> replicas) {
        Set<HostEndpoint> members = replicas.stream()
                .map(ReplicaTables::member)
                .filter(expected::contains)
                .collect(Collectors.toSet());
        return members.isEmpty() ? expected : members;
    }
}
