package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

/**
 * The one place that names the ClickHouse settings this module sends, each with the kind of
 * value it accepts. Adapters turn a {@link QueryContext} into driver settings with
 * {@link #settingName()}; no other code spells a setting name.
 */
public enum ServerSetting {
    /** Correlates a statement with its distributed-DDL queue entry and query log rows. */
    LOG_COMMENT("log_comment", Kind.STRING),
    /** KeeperMap: INSERT of an existing key fails and UPDATE is version-checked. */
    KEEPER_MAP_STRICT_MODE("keeper_map_strict_mode", Kind.BOOLEAN),
    /** KeeperMap/Keeper insert retries inside the server; 0 for one-shot authority writes. */
    INSERT_KEEPER_MAX_RETRIES("insert_keeper_max_retries", Kind.UNSIGNED),
    /** Publication never accepts a partial topology. */
    SKIP_UNAVAILABLE_SHARDS("skip_unavailable_shards", Kind.BOOLEAN),
    /**
     * 0: a fan-out reaches the initiator's own member over a connection like every other member,
     * so all member reads run in parallel instead of the local one first (a cost setting only).
     */
    PREFER_LOCALHOST_REPLICA("prefer_localhost_replica", Kind.BOOLEAN),
    /** {@code throw}: a host failure or timeout is reported as an exception. */
    DISTRIBUTED_DDL_OUTPUT_MODE("distributed_ddl_output_mode", Kind.STRING),
    /** Seconds the initiator waits for hosts before answering TIMEOUT_EXCEEDED. */
    DISTRIBUTED_DDL_TASK_TIMEOUT("distributed_ddl_task_timeout", Kind.UNSIGNED),
    /** HTTP only: buffer the whole result so the status code reflects the final outcome. */
    WAIT_END_OF_QUERY("wait_end_of_query", Kind.BOOLEAN),
    /** Server-side execution bound in seconds, for reads. */
    MAX_EXECUTION_TIME("max_execution_time", Kind.UNSIGNED),
    /**
     * 24.11+: analyse a mutation once more before accepting it (on by default). 0 only for the
     * KeeperMap CAS, whose mutation runs inside the same query anyway; see
     * {@code authority.MutationPrevalidation}.
     */
    VALIDATE_MUTATION_QUERY("validate_mutation_query", Kind.BOOLEAN);

    /** Accepted value shapes; values are carried as canonical strings. */
    public enum Kind {
        STRING,
        BOOLEAN,
        UNSIGNED
    }

    private final String settingName;
    private final Kind kind;

    ServerSetting(String settingName, Kind kind) {
        this.settingName = requireNonNull(settingName, "settingName is null");
        this.kind = requireNonNull(kind, "kind is null");
    }

    public String settingName() {
        return settingName;
    }

    public Kind kind() {
        return kind;
    }

    /** Returns the canonical string for {@code value} or throws if it does not fit {@link #kind()}. */
    public String canonicalValue(String value) {
        requireNonNull(value, "value is null");
        switch (kind) {
            case BOOLEAN:
                if (value.equals("0") || value.equals("1")) {
                    return value;
                }
                throw new IllegalArgumentException(settingName + " takes 0 or 1");
            case UNSIGNED:
                if (value.matches("[0-9]{1,19}")) {
                    return Long.toString(Long.parseUnsignedLong(value));
                }
                throw new IllegalArgumentException(settingName + " takes an unsigned integer");
            default:
                if (value.length() > 4096 || value.indexOf('\0') >= 0) {
                    throw new IllegalArgumentException(settingName + " takes at most 4096 characters without NUL");
                }
                return value;
        }
    }
}
