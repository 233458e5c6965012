package io.dpone.testkit.modes.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.testkit.clickhouse.junit.RealClickHouseRequirement;
import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterBackend;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.RunningCluster;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The running clusters a real backend's acceptance class shares across its scenarios: one per
 * member count, started on first use and closed after the class. Scenarios stay apart because
 * each gets its own namespace ({@link RealAcceptanceCluster}). A backend that cannot run here
 * fails or aborts the scenario as {@link RealClickHouseRequirement} says ({@code required} under
 * CI and {@code -Pdocker}), never passes it.
 */
final class SharedClusters implements AutoCloseable {
    private final ClusterBackend backend;
    private final boolean internalReplication;
    private final Map<Integer, RunningCluster> running = new ConcurrentHashMap<>();

    /** Clusters with {@code internal_replication = true} (internal mode). */
    SharedClusters(ClusterBackend backend) {
        this(backend, true);
    }

    /** Clusters with the given {@code internal_replication} ({@code false} for external mode). */
    SharedClusters(ClusterBackend backend, boolean internalReplication) {
        this.backend = requireNonNull(backend, "backend is null");
        this.internalReplication = internalReplication;
    }

    RunningCluster of(int members) {
        return running.computeIfAbsent(members, size -> {
            if (backend.availability() instanceof BackendAvailability.Unavailable missing) {
                RealClickHouseRequirement.current().onUnavailable(backend.name(), missing);
            }
            return backend.start(new ClusterSpec(ClusterSpec.DEFAULT_CLUSTER_NAME, size, internalReplication));
        });
    }

    @Override
    public void close() {
        running.values().forEach(RunningCluster::close);
        running.clear();
    }
}
