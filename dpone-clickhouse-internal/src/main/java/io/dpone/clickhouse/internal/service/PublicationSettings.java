package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.time.Duration;

/**
 * What one internal-mode publication is configured with: the manifest's target, cluster, engine
 * and source bound; the platform's control facade; and the bounds of every wait. None of these is
 * a recovery knob: there is no setting for replay, fallback, member omission or cleanup policy.
 *
 * @param engine the manifest's declared engine (a direct Replicated*MergeTree), used only to
 *     create a candidate for an absent target
 * @param ddlTaskTimeoutSeconds {@code distributed_ddl_task_timeout} of every dispatch
 * @param readiness the candidate replication barrier before authority acquisition
 * @param entryVisibility how long a dispatched entry may take to appear in the queue
 * @param entryProgress how long one invocation waits for a bound entry to terminate
 */
public record PublicationSettings(
        String cluster,
        TableRef target,
        FacadeSpec facade,
        String engine,
        long maxSourceBytes,
        long ddlTaskTimeoutSeconds,
        BoundedWait readiness,
        BoundedWait entryVisibility,
        BoundedWait entryProgress) {
    public PublicationSettings {
        requireNonNull(cluster, "cluster is null");
        requireNonNull(target, "target is null");
        requireNonNull(facade, "facade is null");
        requireNonNull(engine, "engine is null");
        requireNonNull(readiness, "readiness is null");
        requireNonNull(entryVisibility, "entryVisibility is null");
        requireNonNull(entryProgress, "entryProgress is null");
        if (maxSourceBytes <= 0) {
            throw new IllegalArgumentException("maxSourceBytes must be positive");
        }
        if (ddlTaskTimeoutSeconds < 1 || ddlTaskTimeoutSeconds > 86_400) {
            throw new IllegalArgumentException("ddlTaskTimeoutSeconds must be in 1..86400");
        }
    }

    /** Production bounds: about 5 minutes of replication wait and of entry progress per invocation. */
    public static PublicationSettings withDefaultWaits(
            String cluster, TableRef target, FacadeSpec facade, String engine, long maxSourceBytes) {
        return new PublicationSettings(
                cluster,
                target,
                facade,
                engine,
                maxSourceBytes,
                180,
                new BoundedWait(40, Duration.ofMillis(200), Duration.ofSeconds(10)),
                new BoundedWait(12, Duration.ofMillis(100), Duration.ofSeconds(2)),
                new BoundedWait(40, Duration.ofMillis(200), Duration.ofSeconds(10)));
    }
}
