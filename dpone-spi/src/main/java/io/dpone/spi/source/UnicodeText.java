package io.dpone.spi.source;

/**
 * Whether a Java string is Unicode text: a lone UTF-16 surrogate is no character, and no UTF-8
 * text carries it (encoding writes {@code ?} instead). The manifest readers and the source readers
 * refuse it with the same rule. Pure.
 */
public final class UnicodeText {
    private UnicodeText() {}

    /** True when {@code text} has a surrogate that is not part of a high-low pair. */
    public static boolean hasUnpairedSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
