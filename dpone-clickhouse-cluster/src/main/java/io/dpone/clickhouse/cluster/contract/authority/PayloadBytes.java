package io.dpone.clickhouse.cluster.contract.authority;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import java.util.function.BiFunction;

/**
 * The size and text check every versioned authority codec makes before parsing a stored payload,
 * each raising its own rejection type. Pure.
 */
public final class PayloadBytes {
    private PayloadBytes() {}

    /**
     * The payload's strict UTF-8 bytes when they are at most {@code maxBytes}; otherwise
     * {@code refused(OVERSIZED | MALFORMED, detail)} is thrown. The detail never quotes the payload.
     */
    public static <E extends Exception> byte[] strictUtf8Within(
            String payload, int maxBytes, BiFunction<BlockReason, String, E> refused) throws E {
        // UTF-8 needs at least one byte per char, so the char check avoids encoding a huge string.
        if (payload.length() > maxBytes) {
            throw refused.apply(BlockReason.OVERSIZED, "payload exceeds " + maxBytes + " bytes");
        }
        byte[] bytes;
        try {
            bytes = CanonicalEncoder.strictUtf8(payload);
        } catch (IllegalArgumentException e) {
            throw refused.apply(BlockReason.MALFORMED, "payload is not well-formed text");
        }
        if (bytes.length > maxBytes) {
            throw refused.apply(BlockReason.OVERSIZED, "payload exceeds " + maxBytes + " bytes");
        }
        return bytes;
    }
}
