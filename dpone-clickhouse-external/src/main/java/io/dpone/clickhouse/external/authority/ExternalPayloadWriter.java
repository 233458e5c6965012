package io.dpone.clickhouse.external.authority;

import static io.dpone.clickhouse.external.authority.ExternalFields.*;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Writes the canonical external payload: one JSON object, keys sorted by code point at every
 * level, no whitespace, every key present (absent values are JSON null; {@code phase_times} and a
 * member's {@code tried_uuids} are omitted when empty), members as an array in
 * shard then replica order, integers as plain decimals, UUIDs in lowercase canonical form,
 * timestamps as {@link java.time.Instant#toString()}. Jackson does the escaping.
 */
final class ExternalPayloadWriter {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private ExternalPayloadWriter() {}

    static String write(ExternalRecord record) {
        ExternalPayload payload = record.payload();
        Map<String, Object> json = new TreeMap<>();
        json.put(SCHEMA, ExternalCodecV1.SCHEMA);
        json.put(REPLICATION_MODE, ExternalCodecV1.REPLICATION_MODE);
        json.put(TARGET_KEY, record.targetKey().hex());
        json.put(OPERATION_ID, record.operationId().hex());
        json.put(FENCE_TOKEN, record.fenceToken().hex());
        json.put(PHASE, record.phase().name());
        json.put(DISPATCH_EPOCH, record.dispatchEpoch());
        json.put(PLAN_DIGEST, payload.planDigest().hex());
        json.put(INVENTORY_DIGEST, payload.inventoryDigest().hex());
        json.put(CANDIDATE_TABLE, payload.candidateTable());
        json.put(ARTIFACT, artifact(payload.artifact()));
        json.put(TARGET_DEFINITION, definition(payload.targetDefinition()));
        json.put(CANDIDATE_DEFINITION, definition(payload.candidateDefinition()));
        List<Object> members = new ArrayList<>();
        payload.members().forEach(member -> members.add(member(member)));
        json.put(MEMBERS, members);
        json.put(PUBLICATION, binding(payload.publication()));
        json.put(CLEANUP, binding(payload.cleanup()));
        if (payload.cleanupLost()) {
            // omitted unless marked, so a record without a lost drop is byte-identical to the original v1 form
            json.put(CLEANUP_LOST, true);
        }
        json.put(
                CAPABILITY_INVENTORY_DIGEST,
                payload.capabilityInventoryDigest() == null
                        ? null
                        : payload.capabilityInventoryDigest().hex());
        json.put(
                ABORT_CODE,
                payload.abortCode() == null ? null : payload.abortCode().name());
        json.put(CREATED_AT, payload.createdAt().toString());
        json.put(UPDATED_AT, payload.updatedAt().toString());
        if (!payload.phases().isUnknown()) {
            json.put(PHASE_TIMES, payload.phases().json());
        }
        try {
            return MAPPER.writeValueAsString(json);
        } catch (JsonProcessingException e) {
            // Only strings, numbers, nulls, lists and maps are written; Jackson cannot fail on them.
            throw new IllegalStateException("canonical payload could not be written", e);
        }
    }

    private static Map<String, Object> artifact(ArtifactBinding artifact) {
        if (artifact == null) {
            return null;
        }
        Map<String, Object> json = new TreeMap<>();
        json.put(SHA256, artifact.sha256().hex());
        json.put(BYTE_SIZE, artifact.byteSize());
        json.put(ROW_COUNT, artifact.rowCount());
        json.put(SCHEMA_DIGEST, artifact.schemaDigest().hex());
        json.put(CONTENT_DIGEST, artifact.contentDigest().hex());
        json.put(GENERATION_ID, artifact.generationId().hex());
        return json;
    }

    private static Map<String, Object> definition(TableDefinition definition) {
        if (definition == null) {
            return null;
        }
        Map<String, Object> json = new TreeMap<>();
        json.put(ENGINE_FULL, definition.engineFull());
        json.put(SCHEMA_DIGEST, definition.schemaDigest());
        return json;
    }

    private static Map<String, Object> member(MemberRecord member) {
        Map<String, Object> json = new TreeMap<>();
        json.put(MEMBER_ID, member.memberId().hex());
        json.put(SHARD, member.shardNumber());
        json.put(REPLICA, member.replicaNumber());
        json.put(TARGET_UUID, uuid(member.targetUuid()));
        json.put(CANDIDATE_UUID, uuid(member.candidateUuid()));
        json.put(
                CONTENT_DIGEST,
                member.contentDigest() == null ? null : member.contentDigest().hex());
        json.put(STAGE, member.stage().name());
        json.put(PUBLICATION, member.publication().name());
        json.put(CLEANUP, member.cleanup().name());
        if (!member.triedUuids().isEmpty()) {
            // omitted when empty, so a record without superseded attempts is byte-identical to the original v1 form
            json.put(
                    TRIED_UUIDS,
                    member.triedUuids().stream().map(UUID::toString).toList());
        }
        return json;
    }

    private static String uuid(UUID uuid) {
        return uuid == null ? null : uuid.toString();
    }

    private static Map<String, Object> binding(DdlBinding binding) {
        if (binding == null) {
            return null;
        }
        Map<String, Object> json = new TreeMap<>();
        json.put(CORRELATION_TOKEN, binding.token().value());
        json.put(ENTRY, binding.entry());
        json.put(
                QUERY_DIGEST,
                binding.queryDigest() == null ? null : binding.queryDigest().hex());
        json.put(RECEIPT, binding.receipt() == null ? null : binding.receipt().name());
        return json;
    }
}
