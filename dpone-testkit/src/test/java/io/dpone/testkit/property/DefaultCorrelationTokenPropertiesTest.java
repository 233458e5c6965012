package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;

class DefaultCorrelationTokenPropertiesTest extends CorrelationTokenContract {
    @Override
    protected DdlCorrelationToken issue(Digest operation, DdlAction action, long epoch, RandomBits random) {
        return DdlCorrelationToken.issue(operation, action, epoch, random);
    }
}
