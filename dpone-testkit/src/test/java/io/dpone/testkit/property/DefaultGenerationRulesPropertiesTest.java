package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.generation.GenerationRules;
import io.dpone.clickhouse.cluster.contract.generation.GenerationVerdict;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaTables;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.List;
import java.util.Set;

class DefaultGenerationRulesPropertiesTest extends GenerationRulesContract {
    @Override
    protected GenerationVerdict targetAtAdmission(Set<HostEndpoint> expected, List<ReplicaTables> replicas) {
        return GenerationRules.targetAtAdmission(expected, replicas);
    }

    @Override
    protected GenerationVerdict afterStaging(Set<HostEndpoint> expected, List<ReplicaTables> replicas) {
        return GenerationRules.afterStaging(expected, replicas);
    }
}
