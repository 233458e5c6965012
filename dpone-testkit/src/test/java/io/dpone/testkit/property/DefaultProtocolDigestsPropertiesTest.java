package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;

class DefaultProtocolDigestsPropertiesTest extends ProtocolDigestsContract {
    @Override
    protected ProtocolDigests digests() {
        return Sha256ProtocolDigests.INSTANCE;
    }
}
