package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.authority.SlotSchema;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.ExternalSlotSchema;

/** The external schema against its property suite (pure, offline). */
class DefaultExternalAuthorityCodecPropertiesTest extends ExternalAuthorityCodecContract {
    @Override
    protected SlotSchema<ExternalSlot> schema() {
        return ExternalSlotSchema.INSTANCE;
    }
}
