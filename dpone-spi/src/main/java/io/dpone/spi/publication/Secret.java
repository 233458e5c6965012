package io.dpone.spi.publication;

import static java.util.Objects.requireNonNull;

/**
 * A credential the host resolved (from the environment or a file, never the command line). It
 * cannot be printed: {@link #toString()} is fixed, and records holding it print that text.
 */
public final class Secret {
    private static final Secret EMPTY = new Secret("");
    private final String value;

    private Secret(String value) {
        this.value = value;
    }

    public static Secret of(String value) {
        requireNonNull(value, "value is null");
        return value.isEmpty() ? EMPTY : new Secret(value);
    }

    public static Secret empty() {
        return EMPTY;
    }

    /** The secret text, for the one adapter that sends it. */
    public String reveal() {
        return value;
    }

    public boolean isEmpty() {
        return value.isEmpty();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Secret secret && secret.value.equals(value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return "Secret[redacted]";
    }
}
