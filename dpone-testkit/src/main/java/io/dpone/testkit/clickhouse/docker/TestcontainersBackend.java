package io.dpone.testkit.clickhouse.docker;

import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterBackend;
import io.dpone.testkit.cluster.ClusterCapability;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.ClusterUnavailableException;
import io.dpone.testkit.cluster.RunningCluster;
import java.util.EnumSet;
import java.util.Set;
import org.testcontainers.DockerClientFactory;

/**
 * The full-fidelity backend for machines with a Docker engine: pinned
 * {@value #SERVER_IMAGE} members and one {@value #KEEPER_IMAGE} on a private network. Covers what
 * the local backend cannot: distributed DDL and replication. Selected explicitly
 * ({@code -Ddpone.backend=docker}, or tests tagged {@code docker}, which only
 * {@code scripts/test-docker} ({@code mvn -Pdocker verify}) runs).
 */
public final class TestcontainersBackend implements ClusterBackend {

    public static final String NAME = "docker";
    public static final String SERVER_IMAGE = "clickhouse/clickhouse-server:24.8.14.39";
    public static final String KEEPER_IMAGE = "clickhouse/clickhouse-keeper:24.8.14.39";

    static final Set<ClusterCapability> CAPABILITIES = Set.copyOf(EnumSet.allOf(ClusterCapability.class));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<ClusterCapability> capabilities() {
        return CAPABILITIES;
    }

    @Override
    public BackendAvailability availability() {
        boolean engine;
        try {
            engine = DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            engine = false;
        }
        return engine ? BackendAvailability.available() : unavailable();
    }

    static BackendAvailability.Unavailable unavailable() {
        return new BackendAvailability.Unavailable(
                "No Docker engine is reachable, so the docker backend (" + SERVER_IMAGE + ") cannot run here.",
                "Run scripts/test-docker (mvn -Pdocker verify) on a machine with Docker, or use the default local backend"
                        + " (scripts/fetch-clickhouse.sh).");
    }

    @Override
    public RunningCluster start(ClusterSpec spec) {
        if (availability() instanceof BackendAvailability.Unavailable missing) {
            throw new ClusterUnavailableException(NAME, missing);
        }
        return DockerCluster.start(spec);
    }
}
