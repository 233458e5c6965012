package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.spi.error.DponeErrorCode;

/** How staging one member ended. */
sealed interface MemberResult {
    /** The member is READY in {@code current}. */
    record Ready(SlotVersion<ExternalSlot> current) implements MemberResult {}

    /** The invocation stops here; the record stays in STAGING for a same-operation retry (or an operator). */
    record Stopped(Ending ending) implements MemberResult {}

    /**
     * The server definitively refused this operation's staging: end it as ABORTED after exact owned
     * cleanup, from {@code current}, the version the record stands at (the member may have been
     * recorded LOADING before its insert was refused).
     */
    record Unsupported(SlotVersion<ExternalSlot> current, DponeErrorCode code, String reason) implements MemberResult {}
}
