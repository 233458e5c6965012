package io.dpone.spi.manifest;

import java.util.Set;

/** The one rule for names a manifest carries (cluster, database, table, access table). */
public final class Identifiers {
    /** Longest admitted name, in UTF-16 code units; ClickHouse names are far shorter in practice. */
    public static final int MAX_LENGTH = 255;
    /** Letters and marks that render as nothing: Hangul fillers, U+034F, U+2800, variation selectors. */
    private static final Set<Integer> INVISIBLE =
            Set.of(0x115F, 0x1160, 0x3164, 0xFFA0, 0x034F, 0x2800, 0x180B, 0x180C, 0x180D, 0x180F);

    private Identifiers() {}

    /**
     * At most {@link #MAX_LENGTH} long; no control (Cc), format (Cf, e.g. U+200B, U+2060, U+FEFF,
     * bidirectional overrides), line or paragraph separator (U+2028, U+2029) or unpaired surrogate; and
     * not blank: at least one character that is not whitespace, a space separator (U+00A0, U+3000, ...)
     * or an invisible filler.
     */
    public static boolean isAdmissible(String name) {
        if (name.length() > MAX_LENGTH) {
            return false;
        }
        boolean visible = false;
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            if (isRefused(c)) {
                return false;
            }
            visible |= !isBlank(c);
            i += Character.charCount(c);
        }
        return visible;
    }

    private static boolean isRefused(int c) {
        return switch (Character.getType(c)) {
            case Character.CONTROL,
                    Character.FORMAT,
                    Character.SURROGATE,
                    Character.LINE_SEPARATOR,
                    Character.PARAGRAPH_SEPARATOR -> true;
            default -> false;
        };
    }

    private static boolean isBlank(int c) {
        return Character.isWhitespace(c)
                || Character.isSpaceChar(c)
                || INVISIBLE.contains(c)
                || (c >= 0xFE00 && c <= 0xFE0F)
                || (c >= 0xE0100 && c <= 0xE01EF);
    }
}
