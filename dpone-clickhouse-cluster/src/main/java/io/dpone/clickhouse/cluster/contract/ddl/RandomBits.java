package io.dpone.clickhouse.cluster.contract.ddl;

/**
 * The injected source of random bytes for correlation tokens and fence tokens. Production passes
 * {@link #secure()}; tests pass seeded sources from {@link #from(java.util.Random)}. Must return
 * exactly {@code byteCount} fresh bytes; thread-safety is the implementation's to state.
 */
@FunctionalInterface
public interface RandomBits {
    byte[] next(int byteCount);

    /**
     * The production source: one shared {@link java.security.SecureRandom}, thread-safe. Token
     * randomness must be unpredictable, since a guessed token could be forged into the queue.
     */
    static SecureRandomBits secure() {
        return SecureRandomBits.shared();
    }

    /**
     * A source over any {@link java.util.Random}, for reproducible tests only: a seeded
     * {@code java.util.Random} is predictable and must never back a production token.
     */
    static RandomBits from(java.util.Random random) {
        java.util.Objects.requireNonNull(random, "random is null");
        return byteCount -> {
            byte[] bytes = new byte[byteCount];
            random.nextBytes(bytes);
            return bytes;
        };
    }
}
