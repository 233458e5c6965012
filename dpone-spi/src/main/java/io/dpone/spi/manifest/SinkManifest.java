package io.dpone.spi.manifest;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * A schema-valid manifest. Only {@link ManifestReader} builds one from text; the compact constructor
 * re-checks every invariant so hand-built instances in tests and plugins obey the same contract.
 * Whether the request is <em>admitted</em> is a separate, static decision.
 *
 * @param lineage {@code options.lineage}, {@code true} when omitted (default lineage projection)
 * @param externalArtifactStorePath {@code sink.options.external_artifact_store_path}, always absolute
 * @param engine {@code physical_design.storage.clickhouse.engine}, the declared direct table engine
 * @param cluster the cluster request; empty means local publication, which this host does not offer
 */
public record SinkManifest(
        boolean lineage,
        SinkTarget target,
        StrategyMode strategyMode,
        long maxSourceBytes,
        StagingLocation staging,
        Optional<String> accessTable,
        Optional<String> externalArtifactStorePath,
        Optional<String> engine,
        Optional<ClusterSpec> cluster) {

    public SinkManifest {
        requireNonNull(target, "target is null");
        requireNonNull(strategyMode, "strategyMode is null");
        requireNonNull(staging, "staging is null");
        requireNonNull(accessTable, "accessTable is null");
        requireNonNull(externalArtifactStorePath, "externalArtifactStorePath is null");
        requireNonNull(engine, "engine is null");
        requireNonNull(cluster, "cluster is null");
        if (maxSourceBytes <= 0) {
            throw new IllegalArgumentException("max_source_bytes must be positive");
        }
        if (externalArtifactStorePath.isPresent() && !StorePaths.isAbsolute(externalArtifactStorePath.get())) {
            throw new IllegalArgumentException("external_artifact_store_path must be absolute");
        }
        if (engine.isPresent() && !TableEngines.isWellFormed(engine.get())) {
            throw new IllegalArgumentException("engine must be a bare engine name");
        }
        if (accessTable.isPresent() && !Identifiers.isAdmissible(accessTable.get())) {
            throw new IllegalArgumentException(
                    "access_table must be non-blank, bounded and free of control characters");
        }
    }
}
