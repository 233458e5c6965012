package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;

/** What one candidate load did. Callers must switch over every variant. */
public sealed interface LoadResult {
    /** The server acknowledged the insert of exactly {@code rows} rows read from {@code bytes} source bytes. */
    record Loaded(long rows, long bytes) implements LoadResult {
        public Loaded {
            if (rows < 0 || bytes < 0) {
                throw new IllegalArgumentException("counts are non-negative");
            }
        }
    }

    /**
     * The source stopped the load: malformed input, more than {@code max_source_bytes}, or
     * cancellation ({@code PUBLICATION_CANCELLED}). {@code message} names the rule and row number,
     * never a value.
     */
    record SourceRejected(DponeErrorCode code, String message, long rowsRead) implements LoadResult {
        public SourceRejected {
            requireNonNull(code, "code is null");
            requireNonNull(message, "message is null");
        }
    }

    /** The insert itself failed or its outcome is unknown; {@code outcome} is never Acknowledged. */
    record Failed(MutationOutcome outcome) implements LoadResult {
        public Failed {
            requireNonNull(outcome, "outcome is null");
            if (outcome instanceof MutationOutcome.Acknowledged) {
                throw new IllegalArgumentException("an acknowledged insert is Loaded");
            }
        }
    }
}
