package io.dpone.testkit.cluster;

import java.util.List;
import java.util.Set;

/**
 * A started test cluster: members in one shard of {@link ClusterSpec#clusterName()} sharing one
 * coordination service. {@link #close()} stops every process it started, including after failed
 * tests; it is idempotent.
 */
public interface RunningCluster extends AutoCloseable {

    ClusterSpec spec();

    /** Name of the backend that started this cluster, e.g. {@code local} or {@code docker}. */
    String backendName();

    Set<ClusterCapability> capabilities();

    List<ClusterMember> members();

    default ClusterMember member(int index) {
        return members().get(index);
    }

    /** Full-access test principal (may manage access). */
    Credentials admin();

    /** Restricted publication principal holding only the documented publication grants. */
    Credentials publisher();

    /** Creates a fresh {@link TestDatabase} (target and control databases) on every member. */
    TestDatabase createTestDatabase();

    /** Drops the test's databases on every running member; tolerates members that are down. */
    void dropTestDatabase(TestDatabase database);

    /** Stops the coordination service; members lose their session until it is started again. */
    default void stopCoordination() {
        throw new UnsupportedOperationException("needs capability " + ClusterCapability.COORDINATION_FAULTS);
    }

    /** Starts the coordination service again on the same address and data. */
    default void startCoordination() {
        throw new UnsupportedOperationException("needs capability " + ClusterCapability.COORDINATION_FAULTS);
    }

    /**
     * Undoes injected faults so the next test starts healthy: resumes paused members, restarts
     * killed ones and starts a stopped coordination service.
     */
    void restoreHealthy();

    /** Stops everything this cluster started. Never throws checked exceptions. */
    @Override
    void close();
}
