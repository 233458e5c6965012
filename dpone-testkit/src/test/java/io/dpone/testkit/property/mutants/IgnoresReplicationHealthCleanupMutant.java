package io.dpone.testkit.property.mutants;

import io.dpone.clickhouse.cluster.contract.reconcile.CleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecCleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecReplicaStateClassifier;
import io.dpone.testkit.property.CleanupClassifierContract;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/** Drops the predecessor without asking whether replication is healthy. */
@AddLifecycleHook(FixedSeedHook.class)
public class IgnoresReplicationHealthCleanupMutant extends CleanupClassifierContract {
    @Override
    protected CleanupClassifier classifier() {
        CleanupClassifier seed = new SpecCleanupClassifier(SpecReplicaStateClassifier.INSTANCE);
        return facts -> seed.classify(new CleanupFacts(
                facts.shapes(),
                facts.phase(),
                facts.expectedMembers(),
                facts.observations(),
                facts.publicationReceipt(),
                facts.cleanupQueue(),
                true));
    }
}
