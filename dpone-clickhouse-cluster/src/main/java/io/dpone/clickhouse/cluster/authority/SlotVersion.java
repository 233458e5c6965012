package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import java.util.Objects;

/**
 * A decoded record of any schema with the KeeperMap {@code _version} it was read or verified at:
 * the expected side of {@link AuthorityPort#compareAndSwap}. Only a read or a verified write in
 * this package creates one, so a CAS always starts from a row observed at that version and decoded
 * as valid; a blocked row is never the expected side and is never overwritten. Immutable.
 */
public final class SlotVersion<R extends SlotRecord> {
    private final R record;
    private final long keeperVersion;

    SlotVersion(R record, long keeperVersion) {
        this.record = requireNonNull(record, "record is null");
        if (keeperVersion < 0) {
            throw new IllegalArgumentException("keeperVersion must be non-negative");
        }
        this.keeperVersion = keeperVersion;
    }

    public R record() {
        return record;
    }

    public long keeperVersion() {
        return keeperVersion;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SlotVersion<?> that
                && keeperVersion == that.keeperVersion
                && record.equals(that.record);
    }

    @Override
    public int hashCode() {
        return Objects.hash(record, keeperVersion);
    }

    @Override
    public String toString() {
        return "SlotVersion[phase=" + record.phaseName() + ", epoch=" + record.dispatchEpoch() + ", version="
                + keeperVersion + "]";
    }
}
