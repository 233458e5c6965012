package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SeedPublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SeedReplicaStateClassifier;

class DefaultPublicationClassifierPropertiesTest extends PublicationClassifierContract {
    @Override
    protected PublicationClassifier classifier() {
        return new SeedPublicationClassifier(SeedReplicaStateClassifier.INSTANCE);
    }
}
