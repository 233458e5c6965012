package io.dpone.clickhouse.external.authority;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

/** Strict typed reads from a parsed external payload; every deviation is MALFORMED naming only the key. */
final class StrictJson {
    private StrictJson() {}

    static JsonNode object(JsonNode node, Set<String> keys, String name) throws Rejected {
        if (node == null || !node.isObject()) {
            throw Rejected.malformed(name + " is not an object");
        }
        Set<String> present = new HashSet<>();
        node.fieldNames().forEachRemaining(present::add);
        if (!present.equals(keys)) {
            throw Rejected.malformed(name + " does not have exactly the external v1 keys");
        }
        return node;
    }

    static JsonNode nullableObject(JsonNode parent, String key, Set<String> keys) throws Rejected {
        JsonNode node = parent.get(key);
        return node != null && node.isNull() ? null : object(node, keys, key);
    }

    static String text(JsonNode parent, String key) throws Rejected {
        JsonNode node = parent.get(key);
        if (node == null || !node.isTextual()) {
            throw Rejected.malformed(key + " is not a string");
        }
        return node.textValue();
    }

    static String nullableText(JsonNode parent, String key) throws Rejected {
        JsonNode node = parent.get(key);
        return node != null && node.isNull() ? null : text(parent, key);
    }

    static long nonNegativeLong(JsonNode parent, String key) throws Rejected {
        JsonNode node = parent.get(key);
        if (node == null || !node.isIntegralNumber() || !node.canConvertToLong() || node.longValue() < 0) {
            throw Rejected.malformed(key + " is not a non-negative 64-bit integer");
        }
        return node.longValue();
    }

    static Digest digest(JsonNode parent, String key) throws Rejected {
        String text = text(parent, key);
        if (!Digest.isWellFormed(text)) {
            throw Rejected.malformed(key + " is not a digest");
        }
        return new Digest(text);
    }

    static Digest nullableDigest(JsonNode parent, String key) throws Rejected {
        return nullableText(parent, key) == null ? null : digest(parent, key);
    }

    /** A UUID in its canonical lowercase form only, so a re-encoding is byte-identical. */
    static UUID nullableUuid(JsonNode parent, String key) throws Rejected {
        String text = nullableText(parent, key);
        return text == null ? null : uuid(text, key);
    }

    /** A non-null array element that is a UUID in its canonical lowercase form. */
    static UUID canonicalUuid(JsonNode element, String key) throws Rejected {
        if (element == null || !element.isTextual()) {
            throw Rejected.malformed(key + " holds a value that is not a string");
        }
        return uuid(element.textValue(), key);
    }

    private static UUID uuid(String text, String key) throws Rejected {
        try {
            UUID uuid = UUID.fromString(text);
            if (!uuid.toString().equals(text)) {
                throw Rejected.malformed(key + " is not a canonical UUID");
            }
            return uuid;
        } catch (IllegalArgumentException e) {
            throw Rejected.malformed(key + " is not a UUID");
        }
    }

    static Instant instant(JsonNode parent, String key) throws Rejected {
        try {
            return Instant.parse(text(parent, key));
        } catch (DateTimeParseException e) {
            throw Rejected.malformed(key + " is not an ISO-8601 instant");
        }
    }

    static <E extends Enum<E>> E enumValue(Class<E> type, String text, String key) throws Rejected {
        for (E value : type.getEnumConstants()) {
            if (value.name().equals(text)) {
                return value;
            }
        }
        throw Rejected.malformed(key + " is not a known value");
    }
}
