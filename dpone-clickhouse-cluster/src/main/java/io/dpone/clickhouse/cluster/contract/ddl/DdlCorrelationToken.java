package io.dpone.clickhouse.cluster.contract.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The opaque {@code log_comment} that correlates one dispatched statement with its queue entry:
 * {@code dpone-ch-v1.<operation id>.<action>.<dispatch epoch>.<32 hex = 128 random bits>}, at most
 * {@value #MAX_LENGTH} ASCII characters (far below the 262144-byte default max_query_size). It
 * holds no identifier, credential or data: the operation id is itself a digest. Two distinct
 * operations can never share a token because the operation id is a field.
 */
public record DdlCorrelationToken(Digest operationId, DdlAction action, long dispatchEpoch, String randomHex) {
    public static final String PREFIX = "dpone-ch-v1";
    public static final int RANDOM_BYTES = 16;
    public static final int MAX_LENGTH = 160;

    private static final Pattern FORMAT =
            Pattern.compile("dpone-ch-v1\\.([0-9a-f]{64})\\.([a-z]{1,16})\\.(0|[1-9][0-9]{0,18})\\.([0-9a-f]{32})");

    public DdlCorrelationToken {
        requireNonNull(operationId, "operationId is null");
        requireNonNull(action, "action is null");
        requireNonNull(randomHex, "randomHex is null");
        if (dispatchEpoch < 0) {
            throw new IllegalArgumentException("dispatchEpoch must be non-negative");
        }
        if (!randomHex.matches("[0-9a-f]{32}")) {
            throw new IllegalArgumentException("randomHex must be 32 lowercase hex characters");
        }
    }

    /** Issues a fresh token; {@code random} must return exactly 16 bytes. */
    public static DdlCorrelationToken issue(
            Digest operationId, DdlAction action, long dispatchEpoch, RandomBits random) {
        requireNonNull(random, "random is null");
        byte[] bits = random.next(RANDOM_BYTES);
        if (bits == null || bits.length != RANDOM_BYTES) {
            throw new IllegalStateException("random source returned the wrong number of bytes");
        }
        return new DdlCorrelationToken(
                operationId, action, dispatchEpoch, HexFormat.of().formatHex(bits));
    }

    /** Parses a token; empty for anything that is not exactly a V1 token. Never throws. */
    public static Optional<DdlCorrelationToken> parse(String text) {
        if (text == null || text.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        Matcher matcher = FORMAT.matcher(text);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        DdlAction action = DdlAction.fromCode(matcher.group(2));
        long epoch;
        try {
            epoch = Long.parseLong(matcher.group(3));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (action == null) {
            return Optional.empty();
        }
        return Optional.of(new DdlCorrelationToken(new Digest(matcher.group(1)), action, epoch, matcher.group(4)));
    }

    /** The exact {@code log_comment} text. */
    public String value() {
        return PREFIX + '.' + operationId.hex() + '.' + action.code() + '.' + dispatchEpoch + '.' + randomHex;
    }

    @Override
    public String toString() {
        return value();
    }
}
