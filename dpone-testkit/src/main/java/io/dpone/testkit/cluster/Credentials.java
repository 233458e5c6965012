package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

/**
 * A test-only principal generated per cluster. {@link #toString()} never shows the password so a
 * failing assertion or log line cannot leak it.
 */
public record Credentials(String user, String password) {
    public Credentials {
        requireNonNull(user, "user is null");
        requireNonNull(password, "password is null");
    }

    @Override
    public String toString() {
        return "Credentials[user=" + user + ", password=***]";
    }
}
