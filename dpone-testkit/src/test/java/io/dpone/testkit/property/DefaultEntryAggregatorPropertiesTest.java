package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregator;
import io.dpone.clickhouse.cluster.contract.ddl.ExactHostSetEntryAggregator;
import io.dpone.clickhouse.cluster.contract.ddl.PinnedQueueStatusNormalizer;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;

class DefaultEntryAggregatorPropertiesTest extends EntryAggregatorContract {
    @Override
    protected EntryAggregator aggregator() {
        return new ExactHostSetEntryAggregator(PinnedQueueStatusNormalizer.INSTANCE, Sha256ProtocolDigests.INSTANCE);
    }
}
