package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.identity.ExternalPlan;
import java.time.Duration;

/**
 * What one external publication is configured with: the manifest's cluster, target, engine,
 * source bound and content row budget; the platform's control facade; and the bounds of every
 * wait. None of these is a recovery knob: there is no setting for replay, fallback, member
 * omission or cleanup policy.
 *
 * @param engine the declared direct non-replicated *MergeTree engine, used only to create the
 *     candidates of an absent target
 * @param contentRowBudget {@code external_content_row_budget}: rows sealed and re-observed per member
 */
public record ExternalSettings(
        String cluster,
        TableRef target,
        FacadeSpec facade,
        String engine,
        long maxSourceBytes,
        long contentRowBudget,
        long ddlTaskTimeoutSeconds,
        BoundedWait entryVisibility,
        BoundedWait entryProgress) {
    public ExternalSettings {
        requireNonNull(cluster, "cluster is null");
        requireNonNull(target, "target is null");
        requireNonNull(facade, "facade is null");
        requireNonNull(engine, "engine is null");
        requireNonNull(entryVisibility, "entryVisibility is null");
        requireNonNull(entryProgress, "entryProgress is null");
        if (maxSourceBytes <= 0 || contentRowBudget <= 0) {
            throw new IllegalArgumentException("maxSourceBytes and contentRowBudget are positive");
        }
        if (ddlTaskTimeoutSeconds < 1 || ddlTaskTimeoutSeconds > 86_400) {
            throw new IllegalArgumentException("ddlTaskTimeoutSeconds must be in 1..86400");
        }
    }

    /** Production bounds: about 2 seconds of entry visibility and 5 minutes of entry progress per invocation. */
    public static ExternalSettings withDefaultWaits(
            String cluster,
            TableRef target,
            FacadeSpec facade,
            String engine,
            long maxSourceBytes,
            long contentRowBudget) {
        return new ExternalSettings(
                cluster,
                target,
                facade,
                engine,
                maxSourceBytes,
                contentRowBudget,
                180,
                new BoundedWait(12, Duration.ofMillis(100), Duration.ofSeconds(2)),
                new BoundedWait(40, Duration.ofMillis(200), Duration.ofSeconds(10)));
    }

    public ExternalPlan plan() {
        return new ExternalPlan(cluster, target, engine, maxSourceBytes, contentRowBudget);
    }
}
