package io.dpone.spi.manifest;

import java.util.Locale;
import java.util.Optional;

/** The two manifest syntaxes. Both parse to the same tree and pass the same strict validation. */
public enum ManifestFormat {
    YAML,
    JSON;

    /** The format a file name announces: {@code .json}, or {@code .yaml}/{@code .yml}; anything else is unknown. */
    public static Optional<ManifestFormat> fromFileName(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".json")) {
            return Optional.of(JSON);
        }
        if (lower.endsWith(".yaml") || lower.endsWith(".yml")) {
            return Optional.of(YAML);
        }
        return Optional.empty();
    }
}
