package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.external.authority.ExternalSlot;

/** What one step of the state machine left: an ending, or the record the next step continues from. */
sealed interface Flow {
    record Concluded(Ending ending) implements Flow {}

    record Continue(SlotVersion<ExternalSlot> current) implements Flow {}
}
