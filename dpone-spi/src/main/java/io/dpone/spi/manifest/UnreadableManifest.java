package io.dpone.spi.manifest;

/**
 * A reading rule fired at {@code path} (a JSON pointer, {@code ""} when the rule concerns the whole
 * text). Internal to reading: {@link ManifestReader} turns it into a rejection. It has no message and
 * no stack trace, because nothing about it may quote the input and it is never a defect.
 */
final class UnreadableManifest extends Exception {
    private static final long serialVersionUID = 1L;

    private final ReadingRule rule;
    private final String path;

    UnreadableManifest(ReadingRule rule, String path) {
        super(null, null, false, false);
        this.rule = rule;
        this.path = path;
    }

    UnreadableManifest(ReadingRule rule) {
        this(rule, "");
    }

    ReadingRule rule() {
        return rule;
    }

    String path() {
        return path;
    }
}
