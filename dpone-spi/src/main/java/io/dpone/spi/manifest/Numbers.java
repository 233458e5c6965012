package io.dpone.spi.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.LongNode;
import java.math.BigInteger;

/**
 * Number nodes, one rule for YAML and JSON. The schema's integers are {@code long}s and it has no
 * fractional field, so the tree keeps an integer exactly when it fits a {@code long} and otherwise
 * only the fact that it is an out-of-range integer or a non-integer number; either is then
 * {@code MANIFEST_SCHEMA_INVALID} wherever the schema expects an integer. Never parses more than 20
 * digits, so a megabyte of digits costs linear time.
 */
final class Numbers {
    /** Any integer outside the {@code long} range: one past {@link Long#MAX_VALUE}. */
    static final JsonNode OUT_OF_RANGE =
            BigIntegerNode.valueOf(BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE));
    /** Any number with a fraction or exponent, infinity or NaN. */
    static final JsonNode NON_INTEGER = DoubleNode.valueOf(Double.NaN);

    private static final int LONG_DIGITS = 19;

    private Numbers() {}

    /** {@code decimal} is {@code [-+]?[0-9]+}, already checked by the caller's syntax. */
    static JsonNode integer(String decimal) {
        int digitsStart = decimal.startsWith("-") || decimal.startsWith("+") ? 1 : 0;
        if (decimal.length() - digitsStart > LONG_DIGITS + 1) {
            return OUT_OF_RANGE;
        }
        BigInteger value = new BigInteger(decimal);
        return value.bitLength() < Long.SIZE ? LongNode.valueOf(value.longValue()) : OUT_OF_RANGE;
    }
}
