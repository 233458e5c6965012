package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;

/**
 * A decoded authority record with the KeeperMap {@code _version} it was read at: the expected side
 * of a {@link AuthorityPort#compareAndSwap}. Only a {@link AuthorityRead.Present} whose row decoded
 * as valid yields one, so a CAS always starts from an observed, well-formed record.
 */
public record VersionedRecord(AuthorityRecord record, long keeperVersion) {
    public VersionedRecord {
        requireNonNull(record, "record is null");
        if (keeperVersion < 0) {
            throw new IllegalArgumentException("keeperVersion must be non-negative");
        }
    }
}
