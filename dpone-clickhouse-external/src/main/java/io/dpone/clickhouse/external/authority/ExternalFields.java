package io.dpone.clickhouse.external.authority;

import java.util.Set;

/** The external payload's JSON keys, in one place so writer and reader cannot drift. */
final class ExternalFields {
    static final String ABORT_CODE = "abort_code";
    static final String ARTIFACT = "artifact";
    static final String CANDIDATE_DEFINITION = "candidate_definition";
    static final String CANDIDATE_TABLE = "candidate_table";
    static final String CAPABILITY_INVENTORY_DIGEST = "capability_inventory_digest";
    static final String CLEANUP = "cleanup";
    /** Optional (a compatible v1 addition): present, as {@code true}, exactly when the cleanup drop is marked lost. */
    static final String CLEANUP_LOST = "cleanup_lost";

    static final String CREATED_AT = "created_at";
    static final String DISPATCH_EPOCH = "dispatch_epoch";
    static final String FENCE_TOKEN = "fence_token";
    static final String INVENTORY_DIGEST = "inventory_digest";
    static final String MEMBERS = "members";
    static final String OPERATION_ID = "operation_id";
    static final String PHASE = "phase";
    static final String PLAN_DIGEST = "plan_digest";
    static final String PUBLICATION = "publication";
    static final String REPLICATION_MODE = "replication_mode";
    static final String SCHEMA = "schema";
    static final String TARGET_DEFINITION = "target_definition";
    static final String TARGET_KEY = "target_key";
    static final String UPDATED_AT = "updated_at";

    static final Set<String> RECORD = Set.of(
            ABORT_CODE,
            ARTIFACT,
            CANDIDATE_DEFINITION,
            CANDIDATE_TABLE,
            CAPABILITY_INVENTORY_DIGEST,
            CLEANUP,
            CREATED_AT,
            DISPATCH_EPOCH,
            FENCE_TOKEN,
            INVENTORY_DIGEST,
            MEMBERS,
            OPERATION_ID,
            PHASE,
            PLAN_DIGEST,
            PUBLICATION,
            REPLICATION_MODE,
            SCHEMA,
            TARGET_DEFINITION,
            TARGET_KEY,
            UPDATED_AT);
    /** Optional, present exactly when known: when the record entered each phase (issue 21), as {@code tried_uuids} is added. */
    static final String PHASE_TIMES = "phase_times";

    /** The v1 record keys and each compatible optional record key the payload carries ({@code present}). */
    static Set<String> recordKeys(java.util.function.Predicate<String> present) {
        Set<String> keys = RECORD;
        for (String optional : java.util.List.of(PHASE_TIMES, CLEANUP_LOST)) {
            if (present.test(optional)) {
                keys = with(keys, optional);
            }
        }
        return keys;
    }

    static final String SHA256 = "sha256";
    static final String BYTE_SIZE = "byte_size";
    static final String ROW_COUNT = "row_count";
    static final String SCHEMA_DIGEST = "schema_digest";
    static final String CONTENT_DIGEST = "content_digest";
    static final String GENERATION_ID = "generation_id";
    static final Set<String> ARTIFACT_KEYS =
            Set.of(SHA256, BYTE_SIZE, ROW_COUNT, SCHEMA_DIGEST, CONTENT_DIGEST, GENERATION_ID);

    static final String ENGINE_FULL = "engine_full";
    static final Set<String> DEFINITION_KEYS = Set.of(ENGINE_FULL, SCHEMA_DIGEST);

    static final String MEMBER_ID = "member_id";
    static final String SHARD = "shard";
    static final String REPLICA = "replica";
    static final String TARGET_UUID = "target_uuid";
    static final String CANDIDATE_UUID = "candidate_uuid";
    static final String STAGE = "stage";
    /** Optional (a compatible v1 addition): present exactly when the member has superseded attempts. */
    static final String TRIED_UUIDS = "tried_uuids";

    static final Set<String> MEMBER_KEYS =
            Set.of(MEMBER_ID, SHARD, REPLICA, TARGET_UUID, CANDIDATE_UUID, CONTENT_DIGEST, STAGE, PUBLICATION, CLEANUP);
    static final Set<String> MEMBER_KEYS_WITH_TRIED = Set.of(
            MEMBER_ID,
            SHARD,
            REPLICA,
            TARGET_UUID,
            CANDIDATE_UUID,
            CONTENT_DIGEST,
            STAGE,
            PUBLICATION,
            CLEANUP,
            TRIED_UUIDS);

    static final String CORRELATION_TOKEN = "correlation_token";
    static final String ENTRY = "entry";
    static final String QUERY_DIGEST = "query_digest";
    static final String RECEIPT = "receipt";
    static final Set<String> BINDING_KEYS = Set.of(CORRELATION_TOKEN, ENTRY, QUERY_DIGEST, RECEIPT);

    private ExternalFields() {}

    private static Set<String> with(Set<String> keys, String key) {
        Set<String> all = new java.util.HashSet<>(keys);
        all.add(key);
        return Set.copyOf(all);
    }
}
