package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecPublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecReplicaStateClassifier;

class DefaultPublicationClassifierPropertiesTest extends PublicationClassifierContract {
    @Override
    protected PublicationClassifier classifier() {
        return new SpecPublicationClassifier(SpecReplicaStateClassifier.INSTANCE);
    }
}
