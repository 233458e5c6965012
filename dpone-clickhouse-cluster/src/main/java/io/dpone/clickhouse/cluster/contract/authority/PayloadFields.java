package io.dpone.clickhouse.cluster.contract.authority;

import java.util.Set;

/** The V1 payload's JSON keys, in one place so writer and reader cannot drift. */
final class PayloadFields {
    static final String CANDIDATE_TABLE = "candidate_table";
    /** Optional: written only when a capability proof is recorded, so older records stay canonical. */
    static final String CAPABILITY_INVENTORY_DIGEST = "capability_inventory_digest";

    static final String CLEANUP = "cleanup";
    static final String CREATED_AT = "created_at";
    static final String DESIRED = "desired";
    static final String DISPATCH_EPOCH = "dispatch_epoch";
    static final String ERROR = "error";
    static final String FENCE_TOKEN = "fence_token";
    static final String INVENTORY_DIGEST = "inventory_digest";
    static final String OPERATION_ID = "operation_id";
    static final String PHASE = "phase";
    /** Optional: when the record entered each phase (issue 21); omitted when not known, so older records stay canonical. */
    static final String PHASE_TIMES = "phase_times";

    static final String PLAN_DIGEST = "plan_digest";
    static final String PREDECESSOR = "predecessor";
    static final String PUBLICATION = "publication";
    static final String SCHEMA_VERSION = "schema_version";
    static final String STAGED_ROW_COUNT = "staged_row_count";
    static final String TARGET_KEY = "target_key";
    static final String UPDATED_AT = "updated_at";

    static final Set<String> RECORD = Set.of(
            CANDIDATE_TABLE,
            CLEANUP,
            CREATED_AT,
            DESIRED,
            DISPATCH_EPOCH,
            ERROR,
            FENCE_TOKEN,
            INVENTORY_DIGEST,
            OPERATION_ID,
            PHASE,
            PLAN_DIGEST,
            PREDECESSOR,
            PUBLICATION,
            SCHEMA_VERSION,
            STAGED_ROW_COUNT,
            TARGET_KEY,
            UPDATED_AT);
    static final Set<String> OPTIONAL_RECORD = Set.of(CAPABILITY_INVENTORY_DIGEST, PHASE_TIMES);

    static final String TABLE_UUID = "table_uuid";
    static final String ENGINE_FULL = "engine_full";
    static final String SCHEMA_DIGEST = "schema_digest";
    static final String ZOOKEEPER_NAME = "zookeeper_name";
    static final String ZOOKEEPER_PATH = "zookeeper_path";
    static final Set<String> GENERATION =
            Set.of(TABLE_UUID, ENGINE_FULL, SCHEMA_DIGEST, ZOOKEEPER_NAME, ZOOKEEPER_PATH);

    static final String CORRELATION_TOKEN = "correlation_token";
    static final String ENTRY = "entry";
    static final String QUERY_DIGEST = "query_digest";
    static final String RECEIPT = "receipt";
    static final Set<String> BINDING = Set.of(CORRELATION_TOKEN, ENTRY, QUERY_DIGEST, RECEIPT);

    static final String CODE = "code";
    static final String SUMMARY = "summary";
    static final Set<String> ERROR_SUMMARY = Set.of(CODE, SUMMARY);

    private PayloadFields() {}
}
