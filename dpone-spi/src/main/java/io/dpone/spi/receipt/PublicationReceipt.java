package io.dpone.spi.receipt;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.manifest.ReplicationMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The host-visible, machine-readable account of one publication or status read. The common fields
 * are typed; {@code detail} carries the mode's versioned receipt body (per-member states, the
 * bound distributed-DDL entries, digests) as a JSON-shaped tree of strings, numbers, booleans,
 * lists and string-keyed maps, in insertion order. It never holds hostnames, addresses,
 * credentials, row values, source SQL or local paths: members appear as shard/replica numbers.
 *
 * @param schema the versioned receipt schema name
 * @param operationId the hashed, scheduler-stable operation identity, or {@code ""} when none exists
 */
public record PublicationReceipt(
        String schema,
        ReplicationMode replicationMode,
        String operationId,
        EvidenceScope evidenceScope,
        EvidenceStatus evidenceStatus,
        PublicationOutcome outcome,
        Map<String, Object> detail) {

    public PublicationReceipt {
        requireNonNull(schema, "schema is null");
        requireNonNull(replicationMode, "replicationMode is null");
        requireNonNull(operationId, "operationId is null");
        requireNonNull(evidenceScope, "evidenceScope is null");
        requireNonNull(evidenceStatus, "evidenceStatus is null");
        requireNonNull(outcome, "outcome is null");
        if (schema.isBlank()) {
            throw new IllegalArgumentException("schema must be non-blank");
        }
        if (operationId.isBlank() && outcome != PublicationOutcome.NONE) {
            throw new IllegalArgumentException("only a status without a record has no operation id");
        }
        if (evidenceScope == EvidenceScope.RUNTIME && evidenceStatus != EvidenceStatus.UNVERIFIED) {
            throw new IllegalArgumentException("a runtime receipt cannot self-certify");
        }
        detail = freezeMap(requireNonNull(detail, "detail is null"));
    }

    /** A receipt without a mode-specific body. */
    public PublicationReceipt(String schema, ReplicationMode replicationMode, String operationId,
            EvidenceScope evidenceScope, EvidenceStatus evidenceStatus, PublicationOutcome outcome) {
        this(schema, replicationMode, operationId, evidenceScope, evidenceStatus, outcome, Map.of());
    }

    private static Map<String, Object> freezeMap(Map<?, ?> map) {
        Map<String, Object> copy = new LinkedHashMap<>();
        map.forEach((key, value) -> {
            if (!(key instanceof String name)) {
                throw new IllegalArgumentException("detail keys are strings");
            }
            copy.put(name, freeze(value));
        });
        return Collections.unmodifiableMap(copy);
    }

    private static Object freeze(Object value) {
        if (value == null || value instanceof String || value instanceof Boolean
                || value instanceof Long || value instanceof Integer) {
            return value;
        }
        if (value instanceof Map<?, ?> map) {
            return freezeMap(map);
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(item -> copy.add(freeze(item)));
            return Collections.unmodifiableList(copy);
        }
        throw new IllegalArgumentException("detail values are strings, integers, booleans, lists or maps");
    }
}
