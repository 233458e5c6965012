package io.dpone.spi.manifest;

/**
 * JSON pointers into a manifest. Keys the schema knows are used verbatim; a key the schema does not
 * know is user text, so it is escaped to printable ASCII and truncated before it enters a report.
 */
final class Pointers {
    static final int MAX_UNKNOWN_KEY = 64;

    private Pointers() {
    }

    static String child(String parent, String knownKey) {
        return parent + "/" + escape(knownKey);
    }

    static String unknownChild(String parent, String key) {
        StringBuilder safe = new StringBuilder();
        for (int i = 0; i < key.length() && i < MAX_UNKNOWN_KEY; i++) {
            char c = key.charAt(i);
            if (c >= 0x20 && c < 0x7f) {
                safe.append(c);
            } else {
                safe.append(String.format("\\u%04x", (int) c));
            }
        }
        if (key.length() > MAX_UNKNOWN_KEY) {
            safe.append("...");
        }
        return parent + "/" + escape(safe.toString());
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
