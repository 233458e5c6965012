package io.dpone.clickhouse.cluster.transport.http;

import com.clickhouse.client.api.data_formats.internal.BinaryStreamReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Unwraps client-v2's array holder (recursively) so the shared normaliser sees plain lists. */
final class HttpCells {
    private HttpCells() {}

    static Object unwrap(Object value) {
        if (value instanceof BinaryStreamReader.ArrayValue array) {
            return unwrap(array.asList());
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(item -> out.add(unwrap(item)));
            return out;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(unwrap(k), unwrap(v)));
            return out;
        }
        return value;
    }
}
