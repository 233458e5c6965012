package io.dpone.spi.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * One mapping of the manifest read against its closed set of keys. Every accessor records a
 * violation instead of throwing, so one pass reports every problem. Explicit {@code null} is never
 * accepted as "omitted": it is a type violation like any other.
 */
final class StrictObject {
    private final JsonNode node;
    private final String path;
    private final Violations violations;

    private StrictObject(JsonNode node, String path, Violations violations) {
        this.node = node;
        this.path = path;
        this.violations = violations;
    }

    /** Reads {@code node} as a mapping with exactly the allowed keys; unknown keys are violations. */
    static Optional<StrictObject> of(JsonNode node, String path, Violations violations, Set<String> allowedKeys) {
        if (!node.isObject()) {
            violations.schema(path, SchemaProblem.NOT_A_MAPPING);
            return Optional.empty();
        }
        for (Iterator<String> keys = node.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!allowedKeys.contains(key)) {
                violations.schema(Pointers.child(path, key), SchemaProblem.UNKNOWN_KEY);
            }
        }
        return Optional.of(new StrictObject(node, path, violations));
    }

    Optional<StrictObject> object(String key, boolean required, Set<String> allowedKeys) {
        return field(key, required).flatMap(child -> of(child, Pointers.child(path, key), violations, allowedKeys));
    }

    Optional<String> text(String key, boolean required, Predicate<String> rule, SchemaProblem ruleProblem) {
        Optional<JsonNode> child = field(key, required);
        if (child.isEmpty()) {
            return Optional.empty();
        }
        if (!child.get().isTextual()) {
            violations.schema(Pointers.child(path, key), SchemaProblem.NOT_A_STRING);
            return Optional.empty();
        }
        String value = child.get().textValue();
        if (!rule.test(value)) {
            violations.schema(Pointers.child(path, key), ruleProblem);
            return Optional.empty();
        }
        return Optional.of(value);
    }

    Optional<Long> positiveInteger(String key, boolean required) {
        Optional<JsonNode> child = field(key, required);
        if (child.isEmpty()) {
            return Optional.empty();
        }
        JsonNode value = child.get();
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() <= 0) {
            violations.schema(Pointers.child(path, key), SchemaProblem.NOT_A_POSITIVE_INTEGER);
            return Optional.empty();
        }
        return Optional.of(value.longValue());
    }

    Optional<Boolean> bool(String key) {
        Optional<JsonNode> child = field(key, false);
        if (child.isPresent() && !child.get().isBoolean()) {
            violations.schema(Pointers.child(path, key), SchemaProblem.NOT_A_BOOLEAN);
            return Optional.empty();
        }
        return child.map(JsonNode::booleanValue);
    }

    <E extends Enum<E> & WireName> Optional<E> token(
            String key, boolean required, Class<E> type, SchemaProblem ruleProblem) {
        return text(key, required, value -> WireName.lookup(type, value).isPresent(), ruleProblem)
                .flatMap(value -> WireName.lookup(type, value));
    }

    /** The raw value; a missing required key is reported here. */
    private Optional<JsonNode> field(String key, boolean required) {
        JsonNode child = node.get(key);
        if (child == null) {
            if (required) {
                violations.schema(Pointers.child(path, key), SchemaProblem.REQUIRED);
            }
            return Optional.empty();
        }
        return Optional.of(child);
    }
}
