package io.dpone.testkit.cluster;

import java.util.Set;

/**
 * A way to run a real test cluster. Fault scenarios are written once against {@link RunningCluster}
 * and run on every backend whose {@link #capabilities()} cover what they need: the local process
 * backend (libchdb.so + in-JVM ZooKeeper), the Testcontainers backend (Docker), and later a
 * deterministic simulator.
 *
 * <p>Implementations are stateless factories: {@link #start} may be called once per test class.
 */
public interface ClusterBackend {

    /** Stable short name used for selection ({@code dpone.backend}) and in reports. */
    String name();

    Set<ClusterCapability> capabilities();

    /** Whether this machine can run the backend; cheap enough to call before every test class. */
    BackendAvailability availability();

    /**
     * Starts a cluster and returns once every member answers queries.
     *
     * @throws ClusterUnavailableException if {@link #availability()} is not available
     * @throws IllegalStateException if a process or container failed to start; nothing is left running
     */
    RunningCluster start(ClusterSpec spec);

    default boolean supports(Set<ClusterCapability> needed) {
        return capabilities().containsAll(needed);
    }
}
