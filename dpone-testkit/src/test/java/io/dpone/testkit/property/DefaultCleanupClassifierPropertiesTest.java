package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.reconcile.CleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SeedCleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SeedReplicaStateClassifier;

class DefaultCleanupClassifierPropertiesTest extends CleanupClassifierContract {
    @Override
    protected CleanupClassifier classifier() {
        return new SeedCleanupClassifier(SeedReplicaStateClassifier.INSTANCE);
    }
}
