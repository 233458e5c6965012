package io.dpone.spi.manifest;

import static java.util.Objects.requireNonNull;

import java.util.OptionalLong;

/**
 * {@code sink.options.physical_design.storage.clickhouse.cluster}. Its presence is the request for
 * cluster publication.
 *
 * @param explicitContentRowBudget {@code external_content_row_budget} exactly as written, empty when
 *     omitted; {@link #contentRowBudget()} applies the default
 */
public record ClusterSpec(
        String name, DdlScope ddlScope, ReplicationMode replicationMode, OptionalLong explicitContentRowBudget) {
    public static final long DEFAULT_CONTENT_ROW_BUDGET = 100_000L;

    public ClusterSpec {
        requireNonNull(name, "name is null");
        requireNonNull(ddlScope, "ddlScope is null");
        requireNonNull(replicationMode, "replicationMode is null");
        requireNonNull(explicitContentRowBudget, "explicitContentRowBudget is null");
        if (!Identifiers.isAdmissible(name)) {
            throw new IllegalArgumentException(
                    "cluster name must be non-blank, bounded and free of control characters");
        }
        if (explicitContentRowBudget.isPresent() && explicitContentRowBudget.getAsLong() <= 0) {
            throw new IllegalArgumentException("external_content_row_budget must be positive");
        }
    }

    /** Rows sealed and re-observed for exact typed-content proof in external mode. */
    public long contentRowBudget() {
        return explicitContentRowBudget.orElse(DEFAULT_CONTENT_ROW_BUDGET);
    }
}
