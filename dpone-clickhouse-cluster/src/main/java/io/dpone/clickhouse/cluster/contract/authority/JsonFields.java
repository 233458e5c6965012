package io.dpone.clickhouse.cluster.contract.authority;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;

/** Strict typed reads from a parsed payload; every deviation is MALFORMED naming only the key. */
final class JsonFields {
    private JsonFields() {}

    static JsonNode object(JsonNode node, Set<String> keys, String name) throws PayloadRejected {
        if (node == null || !node.isObject()) {
            throw malformed(name + " is not an object");
        }
        Set<String> present = new HashSet<>();
        Iterator<String> names = node.fieldNames();
        names.forEachRemaining(present::add);
        if (!present.equals(keys)) {
            throw malformed(name + " does not have exactly the V1 keys");
        }
        return node;
    }

    /** Like {@link #object} but each key of {@code optional} may also be absent; no other key may appear. */
    static JsonNode object(JsonNode node, Set<String> keys, Set<String> optional, String name) throws PayloadRejected {
        if (node == null || !node.isObject()) {
            throw malformed(name + " is not an object");
        }
        Set<String> present = new HashSet<>();
        node.fieldNames().forEachRemaining(present::add);
        Set<String> required = new HashSet<>(present);
        required.removeAll(optional);
        if (!required.equals(keys)) {
            throw malformed(name + " does not have exactly the V1 keys");
        }
        return node;
    }

    static JsonNode nullableObject(JsonNode node, Set<String> keys, String name) throws PayloadRejected {
        return node.isNull() ? null : object(node, keys, name);
    }

    static String text(JsonNode parent, String key) throws PayloadRejected {
        JsonNode node = parent.get(key);
        if (node == null || !node.isTextual()) {
            throw malformed(key + " is not a string");
        }
        return node.textValue();
    }

    static String nullableText(JsonNode parent, String key) throws PayloadRejected {
        JsonNode node = parent.get(key);
        return node != null && node.isNull() ? null : text(parent, key);
    }

    static long nonNegativeLong(JsonNode parent, String key) throws PayloadRejected {
        JsonNode node = parent.get(key);
        if (node == null || !node.isIntegralNumber() || !node.canConvertToLong() || node.longValue() < 0) {
            throw malformed(key + " is not a non-negative 64-bit integer");
        }
        return node.longValue();
    }

    static Digest digest(JsonNode parent, String key) throws PayloadRejected {
        String text = text(parent, key);
        if (!Digest.isWellFormed(text)) {
            throw malformed(key + " is not a digest");
        }
        return new Digest(text);
    }

    static Digest nullableDigest(JsonNode parent, String key) throws PayloadRejected {
        return parent.get(key) != null && parent.get(key).isNull() ? null : digest(parent, key);
    }

    static Instant instant(JsonNode parent, String key) throws PayloadRejected {
        try {
            return Instant.parse(text(parent, key));
        } catch (DateTimeParseException e) {
            throw malformed(key + " is not an ISO-8601 instant");
        }
    }

    static PayloadRejected malformed(String detail) {
        return new PayloadRejected(BlockReason.MALFORMED, detail);
    }
}
