package io.dpone.testkit.arbitrary;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationFacts;
import java.util.Map;
import java.util.Set;

/** Publication facts plus the plan each expected member was built from and the hazards they contain. */
public record LabeledPublicationFacts(
        PublicationFacts facts, Map<HostEndpoint, ReplicaPlan> plans, Set<Hazard> hazards) {
    public LabeledPublicationFacts {
        requireNonNull(facts, "facts is null");
        plans = Map.copyOf(requireNonNull(plans, "plans is null"));
        hazards = Set.copyOf(requireNonNull(hazards, "hazards is null"));
    }

    public boolean allPlanned(ReplicaPlan plan) {
        return !plans.isEmpty() && plans.values().stream().allMatch(plan::equals);
    }
}
