package io.dpone.clickhouse.external.authority;

import static io.dpone.clickhouse.external.authority.ExternalFields.*;
import static io.dpone.clickhouse.external.authority.StrictJson.*;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.PhaseHistory;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.spi.error.DponeErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Parses an external payload into its mirrored columns and {@link ExternalPayload}; strict and total. */
final class ExternalPayloadReader {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /** The typed-column values the payload mirrors, compared with the stored columns by the codec. */
    record Mirrors(String targetKey, String operationId, String fenceToken, String phase, long dispatchEpoch) {}

    record Parsed(Mirrors mirrors, ExternalPayload payload) {}

    private ExternalPayloadReader() {}

    /** The JSON object of a payload; MALFORMED when it is not one. */
    static JsonNode parse(String payload) throws Rejected {
        try {
            JsonNode root = MAPPER.readTree(payload);
            if (root == null || !root.isObject()) {
                throw Rejected.malformed("payload is not a JSON object");
            }
            return root;
        } catch (JsonProcessingException e) {
            throw Rejected.malformed("payload is not valid JSON");
        }
    }

    static Parsed read(JsonNode root) throws Rejected {
        object(root, recordKeys(root::has), "payload");
        if (!ExternalCodecV1.REPLICATION_MODE.equals(text(root, REPLICATION_MODE))) {
            throw Rejected.malformed("replication_mode is not external");
        }
        Mirrors mirrors = new Mirrors(
                text(root, TARGET_KEY),
                text(root, OPERATION_ID),
                text(root, FENCE_TOKEN),
                text(root, PHASE),
                nonNegativeLong(root, DISPATCH_EPOCH));
        ExternalPayload payload = new ExternalPayload(
                digest(root, PLAN_DIGEST),
                digest(root, INVENTORY_DIGEST),
                text(root, CANDIDATE_TABLE),
                artifact(nullableObject(root, ARTIFACT, ARTIFACT_KEYS)),
                definition(nullableObject(root, TARGET_DEFINITION, DEFINITION_KEYS)),
                definition(nullableObject(root, CANDIDATE_DEFINITION, DEFINITION_KEYS)),
                members(root.get(MEMBERS)),
                binding(nullableObject(root, PUBLICATION, BINDING_KEYS), PUBLICATION),
                binding(nullableObject(root, CLEANUP, BINDING_KEYS), CLEANUP),
                nullableDigest(root, CAPABILITY_INVENTORY_DIGEST),
                abortCode(nullableText(root, ABORT_CODE)),
                instant(root, CREATED_AT),
                instant(root, UPDATED_AT),
                phases(root.get(PHASE_TIMES)),
                cleanupLost(root.get(CLEANUP_LOST)));
        return new Parsed(mirrors, payload);
    }

    private static PhaseHistory phases(JsonNode array) throws Rejected {
        try {
            return PhaseHistory.fromJson(array, ExternalPhase::isStored);
        } catch (IllegalArgumentException e) {
            throw Rejected.malformed(e.getMessage());
        }
    }

    /** Absent means not lost; present, exactly {@code true} (a {@code false} is not canonical and blocks). */
    private static boolean cleanupLost(JsonNode json) throws Rejected {
        if (json == null) {
            return false;
        }
        if (!json.isBoolean() || !json.booleanValue()) {
            throw Rejected.malformed("cleanup_lost is not true");
        }
        return true;
    }

    private static DponeErrorCode abortCode(String text) throws Rejected {
        return text == null ? null : enumValue(DponeErrorCode.class, text, ABORT_CODE);
    }

    private static ArtifactBinding artifact(JsonNode json) throws Rejected {
        if (json == null) {
            return null;
        }
        return new ArtifactBinding(
                digest(json, SHA256),
                nonNegativeLong(json, BYTE_SIZE),
                nonNegativeLong(json, ROW_COUNT),
                digest(json, SCHEMA_DIGEST),
                digest(json, CONTENT_DIGEST),
                digest(json, GENERATION_ID));
    }

    private static TableDefinition definition(JsonNode json) throws Rejected {
        return json == null ? null : new TableDefinition(text(json, ENGINE_FULL), text(json, SCHEMA_DIGEST));
    }

    private static List<MemberRecord> members(JsonNode array) throws Rejected {
        if (array == null || !array.isArray()) {
            throw Rejected.malformed("members is not an array");
        }
        List<MemberRecord> members = new ArrayList<>();
        for (JsonNode node : array) {
            JsonNode json = object(
                    node, node != null && node.has(TRIED_UUIDS) ? MEMBER_KEYS_WITH_TRIED : MEMBER_KEYS, "member");
            members.add(new MemberRecord(
                    digest(json, MEMBER_ID),
                    nonNegativeLong(json, SHARD),
                    nonNegativeLong(json, REPLICA),
                    nullableUuid(json, TARGET_UUID),
                    nullableUuid(json, CANDIDATE_UUID),
                    nullableDigest(json, CONTENT_DIGEST),
                    enumValue(MemberStage.class, text(json, STAGE), "member.stage"),
                    enumValue(PublicationMark.class, text(json, PUBLICATION), "member.publication"),
                    enumValue(CleanupMark.class, text(json, CLEANUP), "member.cleanup"),
                    tried(json.get(TRIED_UUIDS))));
        }
        return members;
    }

    /** Absent means none; present, a non-empty array of canonical UUIDs (an empty one is not canonical and blocks). */
    private static List<UUID> tried(JsonNode array) throws Rejected {
        if (array == null) {
            return List.of();
        }
        if (!array.isArray() || array.size() >= MemberRecord.MAX_CANDIDATE_ATTEMPTS) {
            throw Rejected.malformed("member.tried_uuids is not a bounded array");
        }
        List<UUID> tried = new ArrayList<>();
        for (JsonNode element : array) {
            tried.add(canonicalUuid(element, "member.tried_uuids"));
        }
        return tried;
    }

    private static DdlBinding binding(JsonNode json, String name) throws Rejected {
        if (json == null) {
            return null;
        }
        DdlCorrelationToken token = DdlCorrelationToken.parse(text(json, CORRELATION_TOKEN))
                .orElseThrow(() -> Rejected.malformed(name + ".correlation_token is not a V1 token"));
        String receipt = nullableText(json, RECEIPT);
        QueueStatus status = receipt == null ? null : enumValue(QueueStatus.class, receipt, name + ".receipt");
        return new DdlBinding(token, nullableText(json, ENTRY), nullableDigest(json, QUERY_DIGEST), status);
    }
}
