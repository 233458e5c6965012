package com.example.connector;

import io.dpone.clickhouse.cluster.contract.authority.SlotSchema;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.ExternalSlotSchema;
import io.dpone.clickhouse.external.testing.ExternalAuthorityCodecContract;

/**
 * External mode's authority codec suite, shipped in the plugin's testing package, over the plugin's
 * own schema: proves the suite runs from a consumer's build on the module path and the class path.
 */
class ExternalCodecPropertiesTest extends ExternalAuthorityCodecContract {
    @Override
    protected SlotSchema<ExternalSlot> schema() {
        return ExternalSlotSchema.INSTANCE;
    }
}
