package io.dpone.testkit.property.mutants;

import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.ReplicaObservation;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecPublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecReplicaStateClassifier;
import io.dpone.testkit.property.PublicationClassifierContract;
import java.util.stream.Collectors;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/** Takes membership from what was observed instead of the expected set: a missing or extra member goes unnoticed. */
@AddLifecycleHook(FixedSeedHook.class)
public class ObservedMembersClassifierMutant extends PublicationClassifierContract {
    @Override
    protected PublicationClassifier classifier() {
        PublicationClassifier seed = new SpecPublicationClassifier(SpecReplicaStateClassifier.INSTANCE);
        return facts -> seed.classify(new PublicationFacts(
                facts.shapes(),
                facts.phase(),
                facts.observations().stream().map(ReplicaObservation::member).collect(Collectors.toSet()),
                facts.observations().stream().distinct().toList(),
                facts.queue()));
    }
}
