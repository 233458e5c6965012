package io.dpone.clickhouse.cluster.contract.authority;

import static io.dpone.clickhouse.cluster.contract.authority.JsonFields.*;
import static io.dpone.clickhouse.cluster.contract.authority.PayloadFields.*;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.spi.error.DponeErrorCode;
import java.util.UUID;

/** Parses a V1 payload into its mirrored columns and {@link AuthorityPayload}; strict and total. */
final class PayloadReader {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /** The typed-column values the payload mirrors, compared with the stored columns by the codec. */
    record Mirrors(String targetKey, String operationId, String fenceToken, String phase, long dispatchEpoch) {}

    record Parsed(Mirrors mirrors, AuthorityPayload payload) {}

    private PayloadReader() {}

    /** Parses the JSON and returns the declared schema version without judging anything else. */
    static JsonNode parse(String payload) throws PayloadRejected {
        try {
            JsonNode root = MAPPER.readTree(payload);
            if (root == null || !root.isObject()) {
                throw malformed("payload is not a JSON object");
            }
            return root;
        } catch (JsonProcessingException e) {
            throw malformed("payload is not valid JSON");
        }
    }

    static long schemaVersion(JsonNode root) throws PayloadRejected {
        return nonNegativeLong(root, SCHEMA_VERSION);
    }

    static Parsed read(JsonNode root) throws PayloadRejected {
        object(root, RECORD, OPTIONAL_RECORD, "payload");
        Mirrors mirrors = new Mirrors(
                text(root, TARGET_KEY),
                text(root, OPERATION_ID),
                text(root, FENCE_TOKEN),
                text(root, PHASE),
                nonNegativeLong(root, DISPATCH_EPOCH));
        AuthorityPayload payload = new AuthorityPayload(
                digest(root, PLAN_DIGEST),
                digest(root, INVENTORY_DIGEST),
                generation(root.get(PREDECESSOR), PREDECESSOR),
                requirePresent(generation(root.get(DESIRED), DESIRED), DESIRED),
                text(root, CANDIDATE_TABLE),
                nonNegativeLong(root, STAGED_ROW_COUNT),
                binding(root.get(PUBLICATION), PUBLICATION),
                binding(root.get(CLEANUP), CLEANUP),
                instant(root, CREATED_AT),
                instant(root, UPDATED_AT),
                error(root.get(ERROR)),
                root.has(CAPABILITY_INVENTORY_DIGEST) ? digest(root, CAPABILITY_INVENTORY_DIGEST) : null,
                phases(root.get(PHASE_TIMES)));
        return new Parsed(mirrors, payload);
    }

    private static PhaseHistory phases(JsonNode array) throws PayloadRejected {
        try {
            return PhaseHistory.fromJson(array, phase -> AuthorityPhase.fromStored(phase) != null);
        } catch (IllegalArgumentException e) {
            throw malformed(e.getMessage());
        }
    }

    private static GenerationIdentity generation(JsonNode node, String name) throws PayloadRejected {
        JsonNode json = nullableObject(node, GENERATION, name);
        if (json == null) {
            return null;
        }
        UUID uuid;
        try {
            uuid = UUID.fromString(text(json, TABLE_UUID));
        } catch (IllegalArgumentException e) {
            throw malformed(name + ".table_uuid is not a UUID");
        }
        return new GenerationIdentity(
                uuid,
                text(json, ENGINE_FULL),
                text(json, SCHEMA_DIGEST),
                text(json, ZOOKEEPER_NAME),
                text(json, ZOOKEEPER_PATH));
    }

    private static DdlBinding binding(JsonNode node, String name) throws PayloadRejected {
        JsonNode json = nullableObject(node, BINDING, name);
        if (json == null) {
            return null;
        }
        DdlCorrelationToken token = DdlCorrelationToken.parse(text(json, CORRELATION_TOKEN))
                .orElseThrow(() -> malformed(name + ".correlation_token is not a V1 token"));
        String receipt = nullableText(json, RECEIPT);
        QueueStatus status = receipt == null ? null : enumValue(QueueStatus.class, receipt, name + ".receipt");
        return new DdlBinding(token, nullableText(json, ENTRY), nullableDigest(json, QUERY_DIGEST), status);
    }

    private static ErrorSummary error(JsonNode node) throws PayloadRejected {
        JsonNode json = nullableObject(node, ERROR_SUMMARY, ERROR);
        if (json == null) {
            return null;
        }
        DponeErrorCode code = enumValue(DponeErrorCode.class, text(json, CODE), "error.code");
        return new ErrorSummary(code, text(json, SUMMARY));
    }

    static AuthorityPhase phase(String text) throws PayloadRejected {
        AuthorityPhase phase = AuthorityPhase.fromStored(text);
        if (phase == null) {
            throw malformed("phase is not a V1 phase");
        }
        return phase;
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String text, String name) throws PayloadRejected {
        for (E value : type.getEnumConstants()) {
            if (value.name().equals(text)) {
                return value;
            }
        }
        throw malformed(name + " is not a known value");
    }

    private static <T> T requirePresent(T value, String name) throws PayloadRejected {
        if (value == null) {
            throw malformed(name + " is null");
        }
        return value;
    }
}
