package io.dpone.clickhouse.cluster.contract.digest;

import static java.util.Objects.requireNonNull;

/**
 * A SHA-256 digest as 64 lowercase hexadecimal characters. Immutable; equality is by value.
 * Digests are opaque: they are safe to log and to place in evidence.
 */
public record Digest(String hex) {
    public static final int HEX_LENGTH = 64;

    public Digest {
        requireNonNull(hex, "hex is null");
        if (!isWellFormed(hex)) {
            throw new IllegalArgumentException("digest must be 64 lowercase hex characters");
        }
    }

    /** True when {@code text} is exactly 64 lowercase hex characters; never throws. */
    public static boolean isWellFormed(String text) {
        if (text == null || text.length() != HEX_LENGTH) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return hex;
    }
}
