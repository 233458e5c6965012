package io.dpone.clickhouse.cluster.transport;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Normalises driver cell values to the shapes {@link io.dpone.clickhouse.cluster.sql.ReadResult}
 * promises, so HTTP and native reads compare equal. Instants are ISO-8601 UTC strings.
 */
final class CellValues {
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private CellValues() {}

    static Object normalize(Object value) throws SQLException {
        if (value == null || value instanceof String || value instanceof Boolean || value instanceof Long) {
            return value;
        }
        if (value instanceof Byte || value instanceof Short || value instanceof Integer) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger big) {
            return big.bitLength() < 64 && big.compareTo(LONG_MAX) <= 0 ? (Object) big.longValue() : big;
        }
        if (value instanceof Float || value instanceof Double) {
            return ((Number) value).doubleValue();
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof java.sql.Array array) {
            return normalize(array.getArray());
        }
        if (value instanceof Collection<?> collection) {
            return list(collection);
        }
        if (value.getClass().isArray()) {
            List<Object> items = new ArrayList<>();
            for (int i = 0; i < Array.getLength(value); i++) {
                items.add(Array.get(value, i));
            }
            return list(items);
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                copy.put(normalize(entry.getKey()), normalize(entry.getValue()));
            }
            return Collections.unmodifiableMap(copy);
        }
        return temporalOrText(value);
    }

    private static List<Object> list(Collection<?> items) throws SQLException {
        List<Object> copy = new ArrayList<>(items.size());
        for (Object item : items) {
            copy.add(normalize(item));
        }
        return Collections.unmodifiableList(copy);
    }

    private static Object temporalOrText(Object value) {
        if (value instanceof ZonedDateTime zoned) {
            return zoned.toInstant().toString();
        }
        if (value instanceof OffsetDateTime offset) {
            return offset.toInstant().toString();
        }
        if (value instanceof Timestamp timestamp) {
            return timestamp.toInstant().toString();
        }
        if (value instanceof Instant instant) {
            return instant.toString();
        }
        return value.toString();
    }
}
