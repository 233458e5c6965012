package io.dpone.testkit.clickhouse.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.testkit.clickhouse.ClusterBackends;
import io.dpone.testkit.cluster.ClusterCapability;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class ClusterBackendsTest {

    @Test
    void localIsTheDefaultAndDockerIsExplicit() {
        if (System.getProperty(ClusterBackends.BACKEND_PROPERTY) == null) {
            assertEquals("local", ClusterBackends.select("").name());
        }
        assertEquals("local", ClusterBackends.select("local").name());
        assertEquals("docker", ClusterBackends.select("docker").name());
    }

    @Test
    void unknownBackendIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> ClusterBackends.select("kubernetes"));
    }

    @Test
    void localBackendDeclaresWhatItCannotDo() {
        EnumSet<ClusterCapability> local =
                EnumSet.copyOf(ClusterBackends.select("local").capabilities());
        assertEquals(
                EnumSet.of(
                        ClusterCapability.KEEPER_MAP,
                        ClusterCapability.PROCESS_FAULTS,
                        ClusterCapability.COORDINATION_FAULTS),
                local);
    }
}
