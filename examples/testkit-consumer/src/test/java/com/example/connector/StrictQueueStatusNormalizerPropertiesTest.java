package com.example.connector;

import io.dpone.clickhouse.cluster.contract.ddl.QueueStatusNormalizer;
import io.dpone.testkit.property.QueueStatusNormalizerContract;

// docs/testkit/property-suites.md, "Use"
class StrictQueueStatusNormalizerPropertiesTest extends QueueStatusNormalizerContract {
    @Override
    protected QueueStatusNormalizer normalizer() {
        return new StrictQueueStatusNormalizer();
    }
}
