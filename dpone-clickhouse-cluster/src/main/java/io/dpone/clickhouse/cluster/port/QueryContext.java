package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Immutable per-call context: the client query id and the typed server settings of one request.
 * The query id travels in the driver's dedicated query-id field, never as SQL text; settings
 * travel as separate driver settings, never as a SQL {@code SETTINGS} clause. Both are turned
 * into driver structures only inside an adapter.
 *
 * @param queryId  1..128 characters of {@code [A-Za-z0-9_.:-]}; opaque, contains no identifiers
 * @param settings typed settings; values are canonical strings for their {@link ServerSetting.Kind}
 */
public record QueryContext(String queryId, Map<ServerSetting, String> settings) {
    private static final String QUERY_ID_SHAPE = "[A-Za-z0-9_.:-]{1,128}";

    public QueryContext {
        requireNonNull(queryId, "queryId is null");
        requireNonNull(settings, "settings is null");
        if (!queryId.matches(QUERY_ID_SHAPE)) {
            throw new IllegalArgumentException("queryId must match " + QUERY_ID_SHAPE);
        }
        EnumMap<ServerSetting, String> copy = new EnumMap<>(ServerSetting.class);
        settings.forEach((setting, value) ->
                copy.put(requireNonNull(setting, "setting is null"), setting.canonicalValue(value)));
        settings = Collections.unmodifiableMap(copy);
    }

    /** A context without settings. */
    public static QueryContext of(String queryId) {
        return new QueryContext(queryId, Map.of());
    }

    /**
     * The spec's one-shot KeeperMap authority request: {@code keeper_map_strict_mode = 1} and
     * {@code insert_keeper_max_retries = 0}.
     */
    public static QueryContext keeperMapMutation(String queryId) {
        return of(queryId)
                .with(ServerSetting.KEEPER_MAP_STRICT_MODE, "1")
                .with(ServerSetting.INSERT_KEEPER_MAX_RETRIES, "0");
    }

    /**
     * The spec's distributed-DDL request: no skipped shards, output mode {@code throw}, a bounded
     * task timeout and the operation's correlation token as {@code log_comment}.
     */
    public static QueryContext distributedDdl(String queryId, String correlationToken, long taskTimeoutSeconds) {
        if (taskTimeoutSeconds < 1 || taskTimeoutSeconds > 86_400) {
            throw new IllegalArgumentException("taskTimeoutSeconds must be in 1..86400");
        }
        return of(queryId)
                .with(ServerSetting.SKIP_UNAVAILABLE_SHARDS, "0")
                .with(ServerSetting.DISTRIBUTED_DDL_OUTPUT_MODE, "throw")
                .with(ServerSetting.DISTRIBUTED_DDL_TASK_TIMEOUT, Long.toString(taskTimeoutSeconds))
                .with(ServerSetting.LOG_COMMENT, correlationToken);
    }

    /** A copy with {@code setting} set to {@code value}. */
    public QueryContext with(ServerSetting setting, String value) {
        EnumMap<ServerSetting, String> next = new EnumMap<>(ServerSetting.class);
        next.putAll(settings);
        next.put(requireNonNull(setting, "setting is null"), value);
        return new QueryContext(queryId, next);
    }

    public Optional<String> logComment() {
        return Optional.ofNullable(settings.get(ServerSetting.LOG_COMMENT));
    }

    /** Settings keyed by server name, for adapters. */
    public Map<String, String> settingsByName() {
        Map<String, String> byName = new java.util.LinkedHashMap<>();
        settings.forEach((setting, value) -> byName.put(setting.settingName(), value));
        return Collections.unmodifiableMap(byName);
    }
}
