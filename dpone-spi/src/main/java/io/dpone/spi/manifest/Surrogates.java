package io.dpone.spi.manifest;

import io.dpone.spi.source.UnicodeText;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Unpaired UTF-16 surrogates. Valid UTF-8 cannot carry one, but a string escape can ({@code "\ud800"});
 * it is no character, cannot be written back as UTF-8, and Jackson refuses it in a JSON key while
 * admitting it in a value. Both syntaxes therefore refuse it wherever it appears
 * ({@link ReadingRule#UNPAIRED_SURROGATE}): YAML on each parsed string, JSON on the escapes in the text,
 * before Jackson sees them.
 */
final class Surrogates {
    /** A JSON escape; matching left to right keeps {@code \\} pairs together, so parity is right. */
    private static final Pattern JSON_ESCAPE = Pattern.compile("\\\\(?:u([0-9A-Fa-f]{4})|.)", Pattern.DOTALL);

    private Surrogates() {}

    static boolean hasUnpaired(String text) {
        return UnicodeText.hasUnpairedSurrogate(text);
    }

    /** Whether JSON text has a {@code \\uXXXX} escape of a surrogate that the next escape does not pair. */
    static boolean hasUnpairedJsonEscape(String json) {
        Matcher escape = JSON_ESCAPE.matcher(json);
        int pendingHighEnd = -1;
        while (escape.find()) {
            char unit = escape.group(1) == null ? 0 : (char) Integer.parseInt(escape.group(1), 16);
            if (pendingHighEnd >= 0 && !(escape.start() == pendingHighEnd && Character.isLowSurrogate(unit))) {
                return true;
            }
            if (pendingHighEnd < 0 && Character.isLowSurrogate(unit)) {
                return true;
            }
            pendingHighEnd = pendingHighEnd < 0 && Character.isHighSurrogate(unit) ? escape.end() : -1;
        }
        return pendingHighEnd >= 0;
    }
}
