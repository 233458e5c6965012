package io.dpone.spi.manifest;

import java.util.regex.Pattern;

/**
 * JSON pointers into a manifest. A key is user text that may read like a path, a host or a
 * credential, so only a plain identifier is written as itself; any other key becomes
 * {@link #REDACTED_KEY}. Every key the schema knows is a plain identifier. Pointers therefore never
 * carry input other than plain identifiers, sequence indexes, and need no {@code ~} escaping.
 */
final class Pointers {
    /** Stands for a key that is not a plain identifier. */
    static final String REDACTED_KEY = "<redacted-key>";
    /** Keys echoed as themselves: ASCII identifiers of at most 64 characters. */
    static final Pattern PLAIN_IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

    private Pointers() {}

    static String child(String parent, String key) {
        return parent + "/" + (PLAIN_IDENTIFIER.matcher(key).matches() ? key : REDACTED_KEY);
    }

    static String index(String parent, int index) {
        return parent + "/" + index;
    }
}
