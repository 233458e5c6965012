package io.dpone.testkit.clickhouse.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterCapability;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.ClusterUnavailableException;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

class TestcontainersBackendTest {

    private final TestcontainersBackend backend = new TestcontainersBackend();

    @Test
    void availabilityFollowsTheDockerEngine() {
        boolean engine = DockerClientFactory.instance().isDockerAvailable();
        BackendAvailability availability = backend.availability();
        if (engine) {
            assertInstanceOf(BackendAvailability.Available.class, availability);
        } else {
            BackendAvailability.Unavailable missing =
                    assertInstanceOf(BackendAvailability.Unavailable.class, availability);
            assertTrue(missing.reason().contains("No Docker engine"));
            assertTrue(missing.remedy().contains("scripts/test-docker"));
        }
    }

    @Test
    void startWithoutAnEngineReportsUnavailableInsteadOfHanging() {
        if (DockerClientFactory.instance().isDockerAvailable()) {
            return; // with an engine the docker-tagged scenarios cover start()
        }
        ClusterUnavailableException failure =
                assertThrows(ClusterUnavailableException.class, () -> backend.start(ClusterSpec.twoMembers()));
        assertTrue(failure.getMessage().startsWith("Cluster backend 'docker' is unavailable"));
    }

    @Test
    void coversWhatTheLocalBackendCannot() {
        assertEquals(EnumSet.allOf(ClusterCapability.class), EnumSet.copyOf(backend.capabilities()));
        assertEquals("clickhouse/clickhouse-server:24.8.14.39", TestcontainersBackend.SERVER_IMAGE);
        assertEquals("clickhouse/clickhouse-keeper:24.8.14.39", TestcontainersBackend.KEEPER_IMAGE);
    }
}
