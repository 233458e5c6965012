package io.dpone.testkit.clickhouse.junit;

import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterUnavailableException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Assumptions;

/**
 * What happens when a real-cluster test cannot get its backend, from system property
 * {@value #PROPERTY}: {@code required} (CI) fails the test class, {@code optional} (local default)
 * aborts it with the remedy, printed to stderr once per JVM and message so the developer sees one
 * clear message rather than one per test class.
 */
public enum RealClickHouseRequirement {
    REQUIRED,
    OPTIONAL;

    public static final String PROPERTY = "dpone.realClickHouse";

    private static final Set<String> ANNOUNCED = ConcurrentHashMap.newKeySet();

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
        if (ANNOUNCED.add(failure.getMessage())) {
            System.err.println("[dpone-testkit] real-ClickHouse tests skipped: " + failure.getMessage());
        }
        Assumptions.abort(failure.getMessage());
    }
}
