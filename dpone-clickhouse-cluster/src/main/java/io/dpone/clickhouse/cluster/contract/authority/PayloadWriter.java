package io.dpone.clickhouse.cluster.contract.authority;

import static io.dpone.clickhouse.cluster.contract.authority.PayloadFields.*;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the canonical V1 payload: one JSON object, keys sorted by code point at every level, no
 * whitespace, every key present (absent values are JSON null) except the optional
 * {@code capability_inventory_digest} and {@code phase_times}, which are omitted when absent, integers as plain decimals,
 * timestamps as {@link java.time.Instant#toString()}. Jackson does the escaping.
 */
final class PayloadWriter {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private PayloadWriter() {}

    static String write(AuthorityRecord record, int schemaVersion) {
        AuthorityPayload payload = record.payload();
        Map<String, Object> json = new TreeMap<>();
        json.put(SCHEMA_VERSION, schemaVersion);
        json.put(TARGET_KEY, record.targetKey().hex());
        json.put(OPERATION_ID, record.operationId().hex());
        json.put(FENCE_TOKEN, record.fenceToken().hex());
        json.put(PHASE, record.phase().name());
        json.put(DISPATCH_EPOCH, record.dispatchEpoch());
        json.put(PLAN_DIGEST, payload.planDigest().hex());
        json.put(INVENTORY_DIGEST, payload.inventoryDigest().hex());
        json.put(PREDECESSOR, generation(payload.predecessor()));
        json.put(DESIRED, generation(payload.desired()));
        json.put(CANDIDATE_TABLE, payload.candidateTable());
        json.put(STAGED_ROW_COUNT, payload.stagedRowCount());
        json.put(PUBLICATION, binding(payload.publication()));
        json.put(CLEANUP, binding(payload.cleanup()));
        json.put(CREATED_AT, payload.createdAt().toString());
        json.put(UPDATED_AT, payload.updatedAt().toString());
        json.put(ERROR, error(payload.error()));
        if (payload.capabilityInventoryDigest() != null) {
            json.put(
                    CAPABILITY_INVENTORY_DIGEST,
                    payload.capabilityInventoryDigest().hex());
        }
        if (!payload.phases().isUnknown()) {
            json.put(PHASE_TIMES, payload.phases().json());
        }
        try {
            return MAPPER.writeValueAsString(json);
        } catch (JsonProcessingException e) {
            // Only strings, numbers, nulls and maps are written; Jackson cannot fail on them.
            throw new IllegalStateException("canonical payload could not be written", e);
        }
    }

    private static Map<String, Object> generation(GenerationIdentity identity) {
        if (identity == null) {
            return null;
        }
        Map<String, Object> json = new TreeMap<>();
        json.put(TABLE_UUID, identity.tableUuid().toString());
        json.put(ENGINE_FULL, identity.normalizedEngineFull());
        json.put(SCHEMA_DIGEST, identity.schemaDigest());
        json.put(ZOOKEEPER_NAME, identity.zookeeperName());
        json.put(ZOOKEEPER_PATH, identity.zookeeperPath());
        return json;
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

    private static Map<String, Object> error(ErrorSummary error) {
        if (error == null) {
            return null;
        }
        Map<String, Object> json = new TreeMap<>();
        json.put(CODE, error.code().name());
        json.put(SUMMARY, error.summary());
        return json;
    }
}
