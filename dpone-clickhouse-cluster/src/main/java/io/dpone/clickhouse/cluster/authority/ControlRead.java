package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import java.util.Optional;

/** One read of a control-table slot. Callers must switch over both variants. */
public sealed interface ControlRead {
    /** The read answered with the control columns: the raw row at its version, or empty when absent. */
    record Found(Optional<VersionedRow> row) implements ControlRead {
        public Found {
            requireNonNull(row, "row is null");
        }
    }

    /** The read failed or answered an unexpected shape; {@code summary} is redacted and bounded. */
    record Unavailable(String summary) implements ControlRead {
        public Unavailable {
            requireNonNull(summary, "summary is null");
        }
    }
}
