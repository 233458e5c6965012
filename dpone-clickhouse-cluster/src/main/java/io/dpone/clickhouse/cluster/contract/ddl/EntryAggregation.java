package io.dpone.clickhouse.cluster.contract.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.Map;

/**
 * The aggregate of one bound entry over the exact expected host set.
 *
 * @param outcome the entry's normalized status; OUTCOME_UNKNOWN whenever any count below is
 *     non-zero or any expected host is unknown
 * @param perHost the status of every expected host (a missing or duplicated host is OUTCOME_UNKNOWN)
 * @param missingHosts expected hosts with no row
 * @param unexpectedRows rows for a host outside the expected set, or with a NULL host or port
 * @param duplicateHosts expected hosts with more than one row
 * @param mismatchedRows rows whose entry, cluster, query digest or token differ from the binding
 */
public record EntryAggregation(
        QueueStatus outcome,
        Map<HostEndpoint, QueueStatus> perHost,
        int missingHosts,
        int unexpectedRows,
        int duplicateHosts,
        int mismatchedRows) {
    public EntryAggregation {
        requireNonNull(outcome, "outcome is null");
        perHost = Map.copyOf(requireNonNull(perHost, "perHost is null"));
    }

    /** True when the host set matched exactly and every row was attributable to the binding. */
    public boolean exactHostSet() {
        return missingHosts == 0 && unexpectedRows == 0 && duplicateHosts == 0 && mismatchedRows == 0;
    }
}
