package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

/** Whether a backend can start clusters on this machine; callers switch over the variants. */
public sealed interface BackendAvailability {

    /** The backend can start clusters. */
    record Available() implements BackendAvailability {}

    /**
     * The backend cannot run here.
     *
     * @param reason what is missing, in one sentence
     * @param remedy what a developer does to get it, in one sentence
     */
    record Unavailable(String reason, String remedy) implements BackendAvailability {
        public Unavailable {
            requireNonNull(reason, "reason is null");
            requireNonNull(remedy, "remedy is null");
        }

        /** One message for test reports: reason followed by remedy. */
        public String message() {
            return reason + " " + remedy;
        }
    }

    static BackendAvailability available() {
        return new Available();
    }

    static BackendAvailability unavailable(String reason, String remedy) {
        return new Unavailable(reason, remedy);
    }
}
