package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A test-only principal generated per cluster. {@link #toString()} never shows the password so a
 * failing assertion or log line cannot leak it.
 */
public record Credentials(String user, String password) {
    public Credentials {
        requireNonNull(user, "user is null");
        requireNonNull(password, "password is null");
    }

    /** Lowercase hex SHA-256 of the password: the only form server configs and SQL users store. */
    public String passwordSha256Hex() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(password.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every JDK", e);
        }
    }

    @Override
    public String toString() {
        return "Credentials[user=" + user + ", password=***]";
    }
}
