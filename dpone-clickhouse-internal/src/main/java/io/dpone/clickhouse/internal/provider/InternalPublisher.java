package io.dpone.clickhouse.internal.provider;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.service.InternalPublicationService;
import io.dpone.clickhouse.internal.service.PublicationSettings;
import io.dpone.spi.manifest.SinkManifest;
import io.dpone.spi.publication.PublicationRequest;
import io.dpone.spi.publication.Publisher;
import io.dpone.spi.publication.StatusRequest;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.spi.receipt.PublicationReceipt;

/**
 * The internal-mode composition root for one admitted manifest: per call it opens the ClickHouse
 * adapters over the host's connection, runs the service, and releases them. The control facade
 * is the platform's fixed {@code dpone_control.publication_authority} on Keeper root
 * {@code dpone/publication_authority} (under the server's {@code keeper_map_path_prefix}); there
 * is deliberately no manifest key for it.
 */
final class InternalPublisher implements Publisher {
    static final FacadeSpec CONTROL_FACADE = FacadeSpec.PLATFORM;
    static final String DEFAULT_ENGINE = "ReplicatedMergeTree";

    private final PublicationSettings settings;

    InternalPublisher(SinkManifest manifest) {
        requireNonNull(manifest, "manifest is null");
        this.settings = PublicationSettings.withDefaultWaits(
                manifest.cluster().orElseThrow().name(),
                new TableRef(manifest.target().database(), manifest.target().table()),
                CONTROL_FACADE,
                manifest.engine().orElse(DEFAULT_ENGINE),
                manifest.maxSourceBytes());
    }

    @Override
    public PublicationReceipt publish(PublicationRequest request) {
        try (ClusterAdapters adapters = new ClusterAdapters(request.connection(), settings)) {
            return service(adapters)
                    .publish(
                            request.schedulerInvocationId(),
                            request.source(),
                            request.cancellation(),
                            request.progress());
        }
    }

    @Override
    public PublicationReceipt status(StatusRequest request) {
        try (ClusterAdapters adapters = new ClusterAdapters(request.connection(), settings)) {
            return service(adapters).status(request.schedulerInvocationId());
        }
    }

    @Override
    public LivePlan preview(StatusRequest request) {
        try (ClusterAdapters adapters = new ClusterAdapters(request.connection(), settings)) {
            return service(adapters).preview(request.schedulerInvocationId());
        }
    }

    private InternalPublicationService service(ClusterAdapters adapters) {
        return new InternalPublicationService(
                adapters.ports(), settings, Sha256ProtocolDigests.INSTANCE, RandomBits.secure());
    }
}
