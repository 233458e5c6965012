package io.dpone.clickhouse.cluster.contract.authority;

import static java.util.Objects.requireNonNull;

/** A control-table row with the KeeperMap {@code _version} it was read at. */
public record VersionedRow(AuthorityRow row, long keeperVersion) {
    public VersionedRow {
        requireNonNull(row, "row is null");
        if (keeperVersion < 0) {
            throw new IllegalArgumentException("keeperVersion must be non-negative");
        }
    }
}
