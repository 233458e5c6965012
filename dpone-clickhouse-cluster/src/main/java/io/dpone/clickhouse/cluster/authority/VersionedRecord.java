package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import java.util.Objects;

/**
 * A decoded authority record with the KeeperMap {@code _version} it was read at: the expected side
 * of {@link AuthorityPort#compareAndSwap}. Only {@link AuthorityRead.Present#valid()} creates one
 * (the constructor is package-private), so a CAS always starts from a row that was observed at that
 * version and decoded as a valid V1 record; a blocked row can never be the expected side, and its
 * version can never be named by a CAS, so it is never overwritten. Immutable.
 */
public final class VersionedRecord {
    private final AuthorityRecord record;
    private final long keeperVersion;

    VersionedRecord(AuthorityRecord record, long keeperVersion) {
        this.record = requireNonNull(record, "record is null");
        if (keeperVersion < 0) {
            throw new IllegalArgumentException("keeperVersion must be non-negative");
        }
        this.keeperVersion = keeperVersion;
    }

    public AuthorityRecord record() {
        return record;
    }

    public long keeperVersion() {
        return keeperVersion;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof VersionedRecord that
                && keeperVersion == that.keeperVersion
                && record.equals(that.record);
    }

    @Override
    public int hashCode() {
        return Objects.hash(record, keeperVersion);
    }

    @Override
    public String toString() {
        return "VersionedRecord[phase=" + record.phase() + ", epoch=" + record.dispatchEpoch() + ", version="
                + keeperVersion + "]";
    }
}
