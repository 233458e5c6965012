package io.dpone.clickhouse.cluster.contract.ddl;

import java.security.SecureRandom;

/**
 * {@link RandomBits} over a {@link SecureRandom}: the production source of token and fence
 * randomness ({@link RandomBits#secure()}). The type is public so a composition root and its
 * tests can require a secure source rather than any {@code RandomBits}. Thread-safe:
 * {@code SecureRandom} is safe for concurrent use.
 */
public final class SecureRandomBits implements RandomBits {
    private static final class Holder {
        // The platform default (non-blocking) algorithm; getInstanceStrong() may block on entropy.
        static final SecureRandomBits SHARED = new SecureRandomBits(new SecureRandom());
    }

    private final SecureRandom random;

    private SecureRandomBits(SecureRandom random) {
        this.random = random;
    }

    /** The one shared instance, created on first use. */
    static SecureRandomBits shared() {
        return Holder.SHARED;
    }

    @Override
    public byte[] next(int byteCount) {
        if (byteCount < 0) {
            throw new IllegalArgumentException("byteCount must be non-negative");
        }
        byte[] bytes = new byte[byteCount];
        random.nextBytes(bytes);
        return bytes;
    }

    /** The {@link SecureRandom} algorithm backing this source, e.g. {@code NativePRNG} or {@code DRBG}. */
    public String algorithm() {
        return random.getAlgorithm();
    }

    @Override
    public String toString() {
        return "SecureRandomBits[" + algorithm() + "]";
    }
}
