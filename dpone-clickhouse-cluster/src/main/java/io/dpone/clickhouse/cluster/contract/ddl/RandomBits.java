package io.dpone.clickhouse.cluster.contract.ddl;

/**
 * The injected source of random bytes for tokens and fence tokens. Production passes a
 * {@link java.security.SecureRandom}-backed source; tests pass seeded ones. Must return exactly
 * {@code byteCount} fresh bytes; thread-safety is the implementation's to state.
 */
@FunctionalInterface
public interface RandomBits {
    byte[] next(int byteCount);

    static RandomBits from(java.util.Random random) {
        java.util.Objects.requireNonNull(random, "random is null");
        return byteCount -> {
            byte[] bytes = new byte[byteCount];
            random.nextBytes(bytes);
            return bytes;
        };
    }
}
