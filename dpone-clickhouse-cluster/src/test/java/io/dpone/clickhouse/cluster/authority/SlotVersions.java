package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;

/** Test-only access to the package-private slot version constructor, for engine tests without an authority. */
public final class SlotVersions {
    private SlotVersions() {}

    public static <R extends SlotRecord> SlotVersion<R> at(R record, long keeperVersion) {
        return new SlotVersion<>(record, keeperVersion);
    }
}
