package io.dpone.spi.receipt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An immutable copy of a JSON-shaped detail tree: strings, integers, booleans, nulls, lists and string-keyed maps, in order. */
final class DetailTree {
    private DetailTree() {}

    static Map<String, Object> freeze(Map<?, ?> map) {
        Map<String, Object> copy = new LinkedHashMap<>();
        map.forEach((key, value) -> {
            if (!(key instanceof String name)) {
                throw new IllegalArgumentException("detail keys are strings");
            }
            copy.put(name, value(value));
        });
        return Collections.unmodifiableMap(copy);
    }

    private static Object value(Object value) {
        if (value == null
                || value instanceof String
                || value instanceof Boolean
                || value instanceof Long
                || value instanceof Integer) {
            return value;
        }
        if (value instanceof Map<?, ?> map) {
            return freeze(map);
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(item -> copy.add(value(item)));
            return Collections.unmodifiableList(copy);
        }
        throw new IllegalArgumentException("detail values are strings, integers, booleans, lists or maps");
    }
}
