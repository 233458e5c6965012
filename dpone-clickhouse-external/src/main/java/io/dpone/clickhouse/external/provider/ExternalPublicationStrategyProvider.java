package io.dpone.clickhouse.external.provider;

import com.google.auto.service.AutoService;
import io.dpone.clickhouse.external.admission.RowPreservingTables;
import io.dpone.spi.decision.Blocker;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.manifest.SinkManifest;
import io.dpone.spi.publication.ArtifactStoreLocation;
import io.dpone.spi.publication.HostEnvironment;
import io.dpone.spi.publication.PublicationContext;
import io.dpone.spi.publication.PublicationStrategyProvider;
import io.dpone.spi.publication.Publisher;
import java.util.ArrayList;
import java.util.List;

/** Registers external mode (non-replicated members loaded from one sealed artifact) with the host. */
@AutoService(PublicationStrategyProvider.class)
public final class ExternalPublicationStrategyProvider implements PublicationStrategyProvider {
    @Override
    public ReplicationMode replicationMode() {
        return ReplicationMode.EXTERNAL;
    }

    @Override
    public String name() {
        return "clickhouse-cluster-external";
    }

    @Override
    public List<Blocker> admit(SinkManifest manifest, HostEnvironment environment) {
        List<Blocker> blockers = new ArrayList<>();
        ArtifactStoreLocation store = ArtifactStoreLocation.resolve(manifest, environment);
        if (store instanceof ArtifactStoreLocation.Missing) {
            blockers.add(new Blocker(
                    DponeErrorCode.EXTERNAL_ARTIFACT_STORE_UNAVAILABLE,
                    "external mode requires sink.options.external_artifact_store_path or "
                            + HostEnvironment.EXTERNAL_ARTIFACT_STORE_VARIABLE));
        } else if (store instanceof ArtifactStoreLocation.InvalidEnvironment) {
            blockers.add(new Blocker(
                    DponeErrorCode.EXTERNAL_ARTIFACT_STORE_UNAVAILABLE,
                    HostEnvironment.EXTERNAL_ARTIFACT_STORE_VARIABLE + " must be an absolute path"));
        }
        if (manifest.lineage()) {
            blockers.add(new Blocker(
                    DponeErrorCode.EXTERNAL_LINEAGE_UNSUPPORTED,
                    "default lineage projection is not supported in external mode; set options.lineage: false"));
        }
        if (manifest.engine().isPresent()
                && !RowPreservingTables.admitsEngine(manifest.engine().get())) {
            blockers.add(new Blocker(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED,
                    "external mode requires a plain MergeTree engine: the other *MergeTree engines rewrite rows on insert and"
                            + " in merges, so no member's candidate could be proven to be the artifact"));
        }
        return blockers;
    }

    /** The runtime composed over the real adapters ({@link ExternalPublisher}); runtime admission happens inside it. */
    @Override
    public Publisher createPublisher(PublicationContext context) {
        return new ExternalPublisher(context);
    }
}
