package io.dpone.spi.decision;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.manifest.ClusterSpec;
import io.dpone.spi.manifest.DdlScope;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.manifest.SinkManifest;
import io.dpone.spi.manifest.StagingLocation;
import io.dpone.spi.publication.HostEnvironment;
import io.dpone.spi.publication.PublicationStrategyProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one static admission policy behind {@code check}, {@code plan} and {@code publish}: the host's
 * common checks, then provider selection by replication mode, then the selected provider's own
 * checks. Deterministic and side-effect free; blockers come out in a stable order. No branch turns
 * a cluster request into local publication or into the other replication mode. Immutable and
 * thread-safe when its providers are.
 */
public final class StaticAdmissionPolicy {
    private final List<PublicationStrategyProvider> providers;

    public StaticAdmissionPolicy(List<? extends PublicationStrategyProvider> providers) {
        this.providers = List.copyOf(requireNonNull(providers, "providers is null"));
    }

    public StaticDecision decide(SinkManifest manifest, HostEnvironment environment) {
        requireNonNull(manifest, "manifest is null");
        requireNonNull(environment, "environment is null");
        if (manifest.cluster().isEmpty()) {
            return StaticDecision.notRequested(
                    List.of(
                            new Blocker(
                                    DponeErrorCode.CLUSTER_PUBLICATION_NOT_REQUESTED,
                                    "sink.options.physical_design.storage.clickhouse.cluster is absent; this host only publishes to clusters")));
        }
        ClusterSpec cluster = manifest.cluster().get();
        List<Blocker> blockers = new ArrayList<>(commonBlockers(manifest, cluster));
        List<PublicationStrategyProvider> candidates = providersFor(cluster.replicationMode());
        if (candidates.isEmpty()) {
            blockers.add(new Blocker(
                    DponeErrorCode.PUBLICATION_PROVIDER_UNAVAILABLE,
                    "no publication provider for replication_mode "
                            + cluster.replicationMode().wireName() + " is on the module path"));
        } else if (candidates.size() > 1) {
            blockers.add(new Blocker(
                    DponeErrorCode.PUBLICATION_PROVIDER_AMBIGUOUS,
                    candidates.size() + " publication providers claim replication_mode "
                            + cluster.replicationMode().wireName()));
        } else {
            blockers.addAll(candidates.get(0).admit(manifest, environment));
        }
        return StaticDecision.cluster(cluster.replicationMode(), blockers);
    }

    /** The provider a selected decision publishes with; empty unless exactly one claims the mode. */
    public Optional<PublicationStrategyProvider> providerFor(ReplicationMode mode) {
        List<PublicationStrategyProvider> candidates = providersFor(requireNonNull(mode, "mode is null"));
        return candidates.size() == 1 ? Optional.of(candidates.get(0)) : Optional.empty();
    }

    private List<PublicationStrategyProvider> providersFor(ReplicationMode mode) {
        return providers.stream()
                .filter(provider -> provider.replicationMode() == mode)
                .toList();
    }

    private static List<Blocker> commonBlockers(SinkManifest manifest, ClusterSpec cluster) {
        List<Blocker> blockers = new ArrayList<>();
        if (cluster.ddlScope() != DdlScope.CLUSTER) {
            blockers.add(new Blocker(
                    DponeErrorCode.CLUSTER_DDL_SCOPE_NOT_CLUSTER,
                    "cluster publication requires cluster.ddl_scope: cluster (omitted means local)"));
        }
        if (manifest.staging() != StagingLocation.TARGET_LOCAL) {
            blockers.add(new Blocker(
                    DponeErrorCode.CLUSTER_STAGING_NOT_TARGET_LOCAL,
                    "cluster publication requires sink.options.staging: target_local"));
        }
        if (manifest.accessTable().isPresent()) {
            blockers.add(new Blocker(
                    DponeErrorCode.CLUSTER_ACCESS_TABLE_UNSUPPORTED,
                    "cluster publication does not manage an access table; remove sink.options.access_table"));
        }
        if (cluster.replicationMode() == ReplicationMode.INTERNAL
                && (cluster.explicitContentRowBudget().isPresent()
                        || manifest.externalArtifactStorePath().isPresent())) {
            blockers.add(
                    new Blocker(
                            DponeErrorCode.CLUSTER_MODE_OPTION_CONFLICT,
                            "internal mode does not use external_content_row_budget or external_artifact_store_path; remove them or select external"));
        }
        return blockers;
    }
}
