package io.dpone.testkit.clickhouse;

import io.dpone.testkit.clickhouse.docker.TestcontainersBackend;
import io.dpone.testkit.clickhouse.local.LocalProcessBackend;
import io.dpone.testkit.cluster.ClusterBackend;
import java.util.List;

/**
 * Chooses the cluster backend by name. The default is the local process backend; the Docker
 * backend must be selected explicitly ({@code -Ddpone.backend=docker} or
 * {@code @ClickHouseCluster(backend = "docker")}).
 */
public final class ClusterBackends {

    /** System property naming the backend when a test does not name one. */
    public static final String BACKEND_PROPERTY = "dpone.backend";

    private ClusterBackends() {}

    /** All built-in backends, default first. */
    public static List<ClusterBackend> all() {
        return List.of(new LocalProcessBackend(), new TestcontainersBackend());
    }

    /**
     * @param name a backend name, or empty for {@value #BACKEND_PROPERTY} (default {@code local})
     * @throws IllegalArgumentException for an unknown name
     */
    public static ClusterBackend select(String name) {
        String wanted =
                name == null || name.isBlank() ? System.getProperty(BACKEND_PROPERTY, LocalProcessBackend.NAME) : name;
        return all().stream()
                .filter(backend -> backend.name().equals(wanted.strip()))
                .findFirst()
                .orElseThrow(() ->
                        new IllegalArgumentException("unknown cluster backend '" + wanted + "'; known: local, docker"));
    }
}
