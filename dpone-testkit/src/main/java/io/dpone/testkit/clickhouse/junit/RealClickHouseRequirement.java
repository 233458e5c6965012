package io.dpone.testkit.clickhouse.junit;

import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterUnavailableException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Assumptions;

/**
 * What happens when a real-cluster test cannot get its backend, from system property
 * {@value #PROPERTY}: {@code required} (CI) fails the test class, {@code optional} (local default)
 * aborts it with the remedy, printed once per JVM so the developer sees one clear message.
 */
public enum RealClickHouseRequirement {
    REQUIRED,
    OPTIONAL;

    public static final String PROPERTY = "dpone.realClickHouse";

    private static final AtomicBoolean ANNOUNCED = new AtomicBoolean();

    /** @throws IllegalArgumentException for a value other than required/optional */
    public static RealClickHouseRequirement current() {
        String value = System.getProperty(PROPERTY, "optional").strip();
        return switch (value) {
            case "required" -> REQUIRED;
            case "optional" -> OPTIONAL;
            default -> throw new IllegalArgumentException(PROPERTY + " must be 'required' or 'optional'");
        };
    }

    /**
     * Never returns normally: throws {@link ClusterUnavailableException} when required, else aborts
     * the current test or class through a JUnit assumption.
     */
    public void onUnavailable(String backendName, BackendAvailability.Unavailable availability) {
        ClusterUnavailableException failure = new ClusterUnavailableException(backendName, availability);
        if (this == REQUIRED) {
            throw failure;
        }
        if (ANNOUNCED.compareAndSet(false, true)) {
            System.err.println("[dpone-testkit] real-ClickHouse tests skipped: " + failure.getMessage());
        }
        Assumptions.abort(failure.getMessage());
    }
}
