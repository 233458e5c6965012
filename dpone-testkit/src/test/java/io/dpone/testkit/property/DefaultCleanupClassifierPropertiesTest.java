package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.reconcile.CleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecCleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecReplicaStateClassifier;

class DefaultCleanupClassifierPropertiesTest extends CleanupClassifierContract {
    @Override
    protected CleanupClassifier classifier() {
        return new SpecCleanupClassifier(SpecReplicaStateClassifier.INSTANCE);
    }
}
