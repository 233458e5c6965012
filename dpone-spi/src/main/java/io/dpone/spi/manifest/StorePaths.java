package io.dpone.spi.manifest;

/**
 * The rule for artifact store locations, shared by the manifest field and the
 * {@code DPONE_EXTERNAL_ARTIFACT_STORE} environment variable. Purely lexical: no file system access.
 */
public final class StorePaths {
    public static final int MAX_LENGTH = 4096;

    private StorePaths() {}

    /** Absolute POSIX path: starts with {@code /}, bounded, no control characters (NUL included). */
    public static boolean isAbsolute(String path) {
        if (path.isEmpty() || path.length() > MAX_LENGTH || path.charAt(0) != '/') {
            return false;
        }
        return path.chars().noneMatch(Character::isISOControl);
    }
}
