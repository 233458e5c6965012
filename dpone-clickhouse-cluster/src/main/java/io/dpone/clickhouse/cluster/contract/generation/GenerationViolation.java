package io.dpone.clickhouse.cluster.contract.generation;

import io.dpone.spi.error.DponeErrorCode;

/**
 * One broken section 2 rule; stable names, safe for evidence (they carry no identifier or path).
 * The declaration order is the reporting order: {@link GenerationVerdict.Violated#primary()} is the
 * first one found in this order.
 *
 * <p>Codes: a table that does not have one provable identity on every replica, a candidate that
 * is missing after staging, or a candidate that shares the target's UUID or replication path is
 * {@link DponeErrorCode#CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN}: the spec reads schema, engine,
 * UUID and Keeper path drift as unknown, never as a reason to rebuild, and the operator must find
 * what changed a member. An engine outside the family is
 * {@link DponeErrorCode#CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED}, the code the manifest's own
 * engine check and the spec's "unsupported topology" use. Replica names that are missing,
 * duplicated or not one per inventory member mean the exact replica set is not proven, which is
 * {@link DponeErrorCode#CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE}.
 */
public enum GenerationViolation {
    /** The facts are not exactly one per inventory member (missing, duplicated or foreign member). */
    REPLICA_SET_INEXACT(
            Subject.REPLICA_SET,
            GenerationRule.REPLICA_NAMES_EXACT,
            DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
    /** A replica could not prove absence or one identity of the target. */
    TARGET_IDENTITY_UNKNOWN(
            Subject.TARGET, GenerationRule.TARGET_ONE_IDENTITY, DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN),
    /** The target exists on some replicas and is absent on others. */
    TARGET_PRESENCE_MIXED(
            Subject.TARGET, GenerationRule.TARGET_ONE_IDENTITY, DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN),
    /** Two replicas report different target identities. */
    TARGET_IDENTITY_DIVERGES(
            Subject.TARGET, GenerationRule.TARGET_ONE_IDENTITY, DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN),
    /** A replica's target engine is not a direct Replicated*MergeTree. */
    TARGET_ENGINE_OUTSIDE_FAMILY(
            Subject.TARGET, GenerationRule.ENGINE_FAMILY, DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED),
    /** The target exists but a replica reports no replica name for it. */
    TARGET_REPLICA_NAME_MISSING(
            Subject.TARGET, GenerationRule.REPLICA_NAMES_EXACT, DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
    /** Two replicas report the same replica name for the target. */
    TARGET_REPLICA_NAMES_DUPLICATED(
            Subject.TARGET, GenerationRule.REPLICA_NAMES_EXACT, DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
    /** After staging, no replica holds the candidate. */
    CANDIDATE_ABSENT(
            Subject.CANDIDATE,
            GenerationRule.CANDIDATE_DISTINCT_AND_UNIFORM,
            DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN),
    /** A replica could not prove absence or one identity of the candidate. */
    CANDIDATE_IDENTITY_UNKNOWN(
            Subject.CANDIDATE,
            GenerationRule.CANDIDATE_DISTINCT_AND_UNIFORM,
            DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN),
    /** The candidate exists on some replicas and is absent on others. */
    CANDIDATE_PRESENCE_MIXED(
            Subject.CANDIDATE,
            GenerationRule.CANDIDATE_DISTINCT_AND_UNIFORM,
            DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN),
    /** Two replicas report different candidate identities. */
    CANDIDATE_IDENTITY_DIVERGES(
            Subject.CANDIDATE,
            GenerationRule.CANDIDATE_DISTINCT_AND_UNIFORM,
            DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN),
    /** A candidate identity has the UUID of a target identity seen on any replica. */
    CANDIDATE_SHARES_TARGET_UUID(
            Subject.CANDIDATE,
            GenerationRule.CANDIDATE_DISTINCT_AND_UNIFORM,
            DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN),
    /** A candidate identity has the (zookeeper_name, zookeeper_path) of a target identity seen on any replica. */
    CANDIDATE_SHARES_TARGET_PATH(
            Subject.CANDIDATE,
            GenerationRule.CANDIDATE_DISTINCT_AND_UNIFORM,
            DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN),
    /** A replica's candidate engine is not a direct Replicated*MergeTree. */
    CANDIDATE_ENGINE_OUTSIDE_FAMILY(
            Subject.CANDIDATE, GenerationRule.ENGINE_FAMILY, DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED),
    /** The candidate exists but a replica reports no replica name for it. */
    CANDIDATE_REPLICA_NAME_MISSING(
            Subject.CANDIDATE,
            GenerationRule.REPLICA_NAMES_EXACT,
            DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
    /** Two replicas report the same replica name for the candidate. */
    CANDIDATE_REPLICA_NAMES_DUPLICATED(
            Subject.CANDIDATE,
            GenerationRule.REPLICA_NAMES_EXACT,
            DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE);

    /** What a violation is about: the replica set as a whole, the target or the candidate. */
    public enum Subject {
        REPLICA_SET,
        TARGET,
        CANDIDATE
    }

    private final Subject subject;
    private final GenerationRule rule;
    private final DponeErrorCode code;

    GenerationViolation(Subject subject, GenerationRule rule, DponeErrorCode code) {
        this.subject = subject;
        this.rule = rule;
        this.code = code;
    }

    public Subject subject() {
        return subject;
    }

    /** The spec sentence this violation breaks. */
    public GenerationRule rule() {
        return rule;
    }

    public DponeErrorCode code() {
        return code;
    }
}
