package io.dpone.spi.manifest;

/** The one rule for names a manifest carries (cluster, database, table, access table). */
public final class Identifiers {
    /** Longest admitted name, in UTF-16 code units; ClickHouse names are far shorter in practice. */
    public static final int MAX_LENGTH = 255;

    private Identifiers() {
    }

    /** Non-blank, at most {@link #MAX_LENGTH} long, no ISO control characters. */
    public static boolean isAdmissible(String name) {
        if (name.isBlank() || name.length() > MAX_LENGTH) {
            return false;
        }
        return name.chars().noneMatch(Character::isISOControl);
    }
}
