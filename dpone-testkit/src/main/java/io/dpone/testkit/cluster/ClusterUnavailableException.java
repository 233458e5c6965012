package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

/** A backend was asked to start although it cannot run on this machine. */
public final class ClusterUnavailableException extends RuntimeException {

    private final BackendAvailability.Unavailable availability;

    public ClusterUnavailableException(String backendName, BackendAvailability.Unavailable availability) {
        super("Cluster backend '" + backendName + "' is unavailable: " + availability.message());
        this.availability = requireNonNull(availability, "availability is null");
    }

    public BackendAvailability.Unavailable availability() {
        return availability;
    }
}
