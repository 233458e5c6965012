package io.dpone.clickhouse.cluster.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.spi.error.DponeErrorCode;

/** The result of {@link CapabilityAssertion#prove}. Callers must switch over both variants. */
public sealed interface CapabilityVerdict {
    /**
     * The preflight facts hold and the probe's entry carried its {@code log_comment} unchanged,
     * without the leading comment, and finished successfully on every expected host. Record
     * {@code inventoryDigest} as the payload's {@code capability_inventory_digest}.
     */
    record Proven(Digest inventoryDigest, BoundEntry probeEntry, String serverVersion) implements CapabilityVerdict {
        public Proven {
            requireNonNull(inventoryDigest, "inventoryDigest is null");
            requireNonNull(probeEntry, "probeEntry is null");
            requireNonNull(serverVersion, "serverVersion is null");
        }
    }

    /**
     * Fail closed with {@link DponeErrorCode#CLICKHOUSE_CLUSTER_CAPABILITY_MISSING}. {@code detail}
     * names protocol facts only (a queue cause, a server code, a status), never hosts or SQL.
     */
    record Missing(CapabilityProblem problem, String detail) implements CapabilityVerdict {
        public Missing {
            requireNonNull(problem, "problem is null");
            requireNonNull(detail, "detail is null");
        }

        public DponeErrorCode code() {
            return DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING;
        }
    }

    /** Why the capability is not proven; stable names for evidence, in the order they are checked. */
    enum CapabilityProblem {
        /** The preflight facts could not be read. */
        PREFLIGHT_UNREADABLE,
        /** {@code distributed_ddl_entry_format_version} is absent or below 2: entries carry no settings. */
        ENTRY_FORMAT_UNSUPPORTED,
        /** The queue's {@code settings} column is absent or not {@code Map(String, String)}. */
        SETTINGS_MAP_MISSING,
        /** The probe was refused before sending (a defect: the token's action is fixed). */
        PROBE_REFUSED,
        /** The probe provably never reached the server. */
        PROBE_NOT_SENT,
        /** No single entry carrying the probe's exact token could be proven (queue cause in the detail). */
        PROBE_UNBOUND,
        /**
         * The entry's stored query holds the marker. A stored leading comment itself usually
         * surfaces earlier, as {@link #PROBE_UNBOUND} with QUERY_UNPARSEABLE: the queue parser
         * accepts no comments, as ClickHouse's formatter writes none.
         */
        COMMENT_STORED,
        /** The bound entry's host rows could not be read. */
        PROBE_UNREADABLE,
        /** The entry did not finish on every expected host within the bound. */
        PROBE_NOT_TERMINAL,
        /** At least one host finished the no-op probe with an error. */
        PROBE_FAILED_ON_HOST,
        /** Host rows were missing, extra, duplicated, mismatched or of unknown status. */
        PROBE_HOSTS_UNKNOWN
    }
}
