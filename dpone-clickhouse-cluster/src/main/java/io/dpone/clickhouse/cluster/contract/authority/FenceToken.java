package io.dpone.clickhouse.cluster.contract.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import java.util.HexFormat;

/**
 * The random fence of one operation's ownership of a target slot: 128 bits as 32 lowercase hex
 * characters. A new operation always gets a new fence; a stale worker's fence never matches.
 */
public record FenceToken(String hex) {
    public static final int RANDOM_BYTES = 16;

    public FenceToken {
        requireNonNull(hex, "hex is null");
        if (!isWellFormed(hex)) {
            throw new IllegalArgumentException("fence token must be 32 lowercase hex characters");
        }
    }

    /** Draws a fresh fence from the injected source, which must return exactly 16 bytes. */
    public static FenceToken issue(RandomBits random) {
        byte[] bits = requireNonNull(random, "random is null").next(RANDOM_BYTES);
        if (bits == null || bits.length != RANDOM_BYTES) {
            throw new IllegalStateException("random source returned the wrong number of bytes");
        }
        return new FenceToken(HexFormat.of().formatHex(bits));
    }

    /** True when {@code text} is exactly 32 lowercase hex characters; never throws. */
    public static boolean isWellFormed(String text) {
        return text != null && text.length() == 2 * RANDOM_BYTES && text.chars().allMatch(FenceToken::isLowerHex);
    }

    private static boolean isLowerHex(int c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    }
}
