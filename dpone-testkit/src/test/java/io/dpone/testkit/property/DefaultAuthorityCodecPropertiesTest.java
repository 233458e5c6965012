package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodec;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;

class DefaultAuthorityCodecPropertiesTest extends AuthorityCodecContract {
    @Override
    protected AuthorityCodec codec() {
        return AuthorityCodecV1.INSTANCE;
    }
}
