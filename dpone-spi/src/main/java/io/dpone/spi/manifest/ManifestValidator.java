package io.dpone.spi.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The strict schema: a parsed tree becomes a {@link SinkManifest} or a list of violations. Every
 * mapping is closed, so an unknown key anywhere is a violation (there is deliberately no key for
 * force replay, fallback, member omission, authority deletion or cleanup by age or prefix).
 * Pure: no I/O, no environment.
 */
final class ManifestValidator {
    static final Set<String> ROOT_KEYS = Set.of("options", "sink");
    static final Set<String> OPTIONS_KEYS = Set.of("lineage");
    static final Set<String> SINK_KEYS = Set.of("target", "strategy", "options");
    static final Set<String> STRATEGY_KEYS = Set.of("mode", "max_source_bytes");
    static final Set<String> SINK_OPTIONS_KEYS =
            Set.of("staging", "access_table", "external_artifact_store_path", "physical_design");
    static final Set<String> TARGET_KEYS = Set.of("database", "table");
    static final Set<String> PHYSICAL_DESIGN_KEYS = Set.of("storage");
    static final Set<String> STORAGE_KEYS = Set.of("clickhouse");
    static final Set<String> CLICKHOUSE_KEYS = Set.of("engine", "cluster");
    static final Set<String> CLUSTER_KEYS =
            Set.of("name", "ddl_scope", "replication_mode", "external_content_row_budget");

    /** Every key the schema knows, at any depth; docs/reference/manifest.md documents each. */
    static final List<Set<String>> ALL_KEY_SETS = List.of(
            ROOT_KEYS,
            OPTIONS_KEYS,
            SINK_KEYS,
            STRATEGY_KEYS,
            SINK_OPTIONS_KEYS,
            TARGET_KEYS,
            PHYSICAL_DESIGN_KEYS,
            STORAGE_KEYS,
            CLICKHOUSE_KEYS,
            CLUSTER_KEYS);

    private ManifestValidator() {}

    static ManifestReadResult validate(JsonNode root) {
        Violations violations = new Violations();
        Optional<SinkManifest> manifest =
                StrictObject.of(root, "", violations, ROOT_KEYS).flatMap(document -> manifest(document, violations));
        if (!violations.isEmpty() || manifest.isEmpty()) {
            return ManifestReadResult.Rejected.of(violations.list());
        }
        return new ManifestReadResult.Accepted(manifest.get());
    }

    private static Optional<SinkManifest> manifest(StrictObject document, Violations violations) {
        boolean lineage = document.object("options", false, OPTIONS_KEYS)
                .flatMap(options -> options.bool("lineage"))
                .orElse(true);
        Optional<StrictObject> sink = document.object("sink", true, SINK_KEYS);
        if (sink.isEmpty()) {
            return Optional.empty();
        }
        Optional<SinkTarget> target = target(sink.get());
        Optional<StrictObject> strategy = sink.get().object("strategy", true, STRATEGY_KEYS);
        Optional<StrategyMode> mode =
                strategy.flatMap(s -> s.token("mode", true, StrategyMode.class, SchemaProblem.NOT_FULL_REFRESH));
        Optional<Long> maxSourceBytes = strategy.flatMap(s -> s.positiveInteger("max_source_bytes", true));
        SinkOptions options = sink.get()
                .object("options", false, SINK_OPTIONS_KEYS)
                .map(ManifestValidator::sinkOptions)
                .orElse(SinkOptions.DEFAULTS);
        if (target.isEmpty() || mode.isEmpty() || maxSourceBytes.isEmpty() || !violations.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new SinkManifest(
                lineage,
                target.get(),
                mode.get(),
                maxSourceBytes.get(),
                options.staging,
                options.accessTable,
                options.artifactStore,
                options.engine,
                options.cluster));
    }

    private static Optional<SinkTarget> target(StrictObject sink) {
        Optional<StrictObject> target = sink.object("target", true, TARGET_KEYS);
        Optional<String> database =
                target.flatMap(t -> t.text("database", true, Identifiers::isAdmissible, SchemaProblem.NOT_A_NAME));
        Optional<String> table =
                target.flatMap(t -> t.text("table", true, Identifiers::isAdmissible, SchemaProblem.NOT_A_NAME));
        if (database.isEmpty() || table.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new SinkTarget(database.get(), table.get()));
    }

    private static SinkOptions sinkOptions(StrictObject options) {
        StagingLocation staging = options.token("staging", false, StagingLocation.class, SchemaProblem.NOT_A_STAGING)
                .orElse(StagingLocation.TARGET_LOCAL);
        Optional<String> accessTable =
                options.text("access_table", false, Identifiers::isAdmissible, SchemaProblem.NOT_A_NAME);
        Optional<String> artifactStore = options.text(
                "external_artifact_store_path", false, StorePaths::isAbsolute, SchemaProblem.NOT_AN_ABSOLUTE_PATH);
        Optional<StrictObject> clickhouse = options.object("physical_design", false, PHYSICAL_DESIGN_KEYS)
                .flatMap(design -> design.object("storage", false, STORAGE_KEYS))
                .flatMap(storage -> storage.object("clickhouse", false, CLICKHOUSE_KEYS));
        Optional<String> engine = clickhouse.flatMap(
                c -> c.text("engine", false, TableEngines::isWellFormed, SchemaProblem.NOT_AN_ENGINE));
        Optional<ClusterSpec> cluster = clickhouse
                .flatMap(c -> c.object("cluster", false, CLUSTER_KEYS))
                .flatMap(ManifestValidator::cluster);
        return new SinkOptions(staging, accessTable, artifactStore, engine, cluster);
    }

    private static Optional<ClusterSpec> cluster(StrictObject cluster) {
        Optional<String> name = cluster.text("name", true, Identifiers::isAdmissible, SchemaProblem.NOT_A_NAME);
        DdlScope scope = cluster.token("ddl_scope", false, DdlScope.class, SchemaProblem.NOT_A_DDL_SCOPE)
                .orElse(DdlScope.LOCAL);
        ReplicationMode mode = cluster.token(
                        "replication_mode", false, ReplicationMode.class, SchemaProblem.NOT_A_REPLICATION_MODE)
                .orElse(ReplicationMode.INTERNAL);
        Optional<Long> budget = cluster.positiveInteger("external_content_row_budget", false);
        OptionalLong explicitBudget = budget.map(OptionalLong::of).orElse(OptionalLong.empty());
        return name.map(n -> new ClusterSpec(n, scope, mode, explicitBudget));
    }

    /** Parsed {@code sink.options}; only ever used when no violation was recorded. */
    private record SinkOptions(
            StagingLocation staging,
            Optional<String> accessTable,
            Optional<String> artifactStore,
            Optional<String> engine,
            Optional<ClusterSpec> cluster) {
        static final SinkOptions DEFAULTS = new SinkOptions(
                StagingLocation.TARGET_LOCAL, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
}
