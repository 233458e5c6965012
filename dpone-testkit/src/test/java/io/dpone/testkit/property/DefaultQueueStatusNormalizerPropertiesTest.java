package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.ddl.PinnedQueueStatusNormalizer;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatusNormalizer;

class DefaultQueueStatusNormalizerPropertiesTest extends QueueStatusNormalizerContract {
    @Override
    protected QueueStatusNormalizer normalizer() {
        return PinnedQueueStatusNormalizer.INSTANCE;
    }
}
