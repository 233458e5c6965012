package io.dpone.testkit.modes.property;

import io.dpone.clickhouse.cluster.contract.authority.SlotSchema;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.ExternalSlotSchema;
import io.dpone.clickhouse.external.testing.ExternalAuthorityCodecContract;

/** The external schema against its property suite (pure, offline). */
class DefaultExternalAuthorityCodecPropertiesTest extends ExternalAuthorityCodecContract {
    @Override
    protected SlotSchema<ExternalSlot> schema() {
        return ExternalSlotSchema.INSTANCE;
    }
}
