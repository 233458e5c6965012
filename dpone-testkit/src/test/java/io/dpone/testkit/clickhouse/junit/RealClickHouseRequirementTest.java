package io.dpone.testkit.clickhouse.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterUnavailableException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

class RealClickHouseRequirementTest {

    private static final BackendAvailability.Unavailable MISSING =
            new BackendAvailability.Unavailable("Library missing.", "Run scripts/fetch-clickhouse.sh once.");

    private String saved;

    @BeforeEach
    void save() {
        saved = System.getProperty(RealClickHouseRequirement.PROPERTY);
    }

    @AfterEach
    void restore() {
        if (saved == null) {
            System.clearProperty(RealClickHouseRequirement.PROPERTY);
        } else {
            System.setProperty(RealClickHouseRequirement.PROPERTY, saved);
        }
    }

    @Test
    void requiredFailsWithTheRemedy() {
        System.setProperty(RealClickHouseRequirement.PROPERTY, "required");
        ClusterUnavailableException failure = assertThrows(
                ClusterUnavailableException.class,
                () -> RealClickHouseRequirement.current().onUnavailable("local", MISSING));
        assertTrue(failure.getMessage().contains("scripts/fetch-clickhouse.sh"));
    }

    @Test
    void optionalAbortsWithTheSameMessage() {
        System.setProperty(RealClickHouseRequirement.PROPERTY, "optional");
        TestAbortedException aborted = assertThrows(
                TestAbortedException.class,
                () -> RealClickHouseRequirement.current().onUnavailable("local", MISSING));
        assertTrue(aborted.getMessage().contains("Cluster backend 'local' is unavailable: Library missing. Run"));
    }

    @Test
    void optionalIsTheLocalDefault() {
        System.clearProperty(RealClickHouseRequirement.PROPERTY);
        assertEquals(RealClickHouseRequirement.OPTIONAL, RealClickHouseRequirement.current());
    }

    @Test
    void unknownPolicyIsRejected() {
        System.setProperty(RealClickHouseRequirement.PROPERTY, "sometimes");
        assertThrows(IllegalArgumentException.class, RealClickHouseRequirement::current);
    }
}
