package io.dpone.clickhouse.external.provider;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.service.ExternalPublicationService;
import io.dpone.clickhouse.external.service.ExternalSettings;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ClusterSpec;
import io.dpone.spi.manifest.SinkManifest;
import io.dpone.spi.publication.ArtifactStoreLocation;
import io.dpone.spi.publication.ClusterConnection;
import io.dpone.spi.publication.PublicationContext;
import io.dpone.spi.publication.PublicationRequest;
import io.dpone.spi.publication.Publisher;
import io.dpone.spi.publication.StatusRequest;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.spi.receipt.PublicationReceipt;
import java.nio.file.Path;

/**
 * The external-mode composition root for one admitted manifest: per call it opens the ClickHouse
 * adapters over the host's connection and the artifact store the manifest (or
 * {@code DPONE_EXTERNAL_ARTIFACT_STORE}) names, runs the service, and releases the adapters. The
 * control facade is the platform's, the same one internal mode uses ({@link FacadeSpec#PLATFORM}).
 * No error path turns the request into local or internal publication.
 */
final class ExternalPublisher implements Publisher {
    static final String DEFAULT_ENGINE = "MergeTree";

    private final ExternalSettings settings;
    private final Path store;

    ExternalPublisher(PublicationContext context) {
        requireNonNull(context, "context is null");
        SinkManifest manifest = context.manifest();
        ClusterSpec cluster = manifest.cluster().orElseThrow();
        this.settings = ExternalSettings.withDefaultWaits(
                cluster.name(),
                new TableRef(manifest.target().database(), manifest.target().table()),
                FacadeSpec.PLATFORM,
                manifest.engine().orElse(DEFAULT_ENGINE),
                manifest.maxSourceBytes(),
                cluster.contentRowBudget());
        ArtifactStoreLocation location = ArtifactStoreLocation.resolve(manifest, context.environment());
        if (!(location instanceof ArtifactStoreLocation.Configured configured)) {
            throw new DponeException(
                    DponeErrorCode.EXTERNAL_ARTIFACT_STORE_UNAVAILABLE,
                    "external mode requires an absolute external_artifact_store_path or DPONE_EXTERNAL_ARTIFACT_STORE");
        }
        this.store = Path.of(configured.absolutePath());
    }

    @Override
    public PublicationReceipt publish(PublicationRequest request) {
        requirePlainTextMembers(request.connection());
        try (ExternalAdapters adapters =
                new ExternalAdapters(request.connection(), settings, ArtifactStore.openLazily(store))) {
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
        try (ExternalAdapters adapters =
                new ExternalAdapters(request.connection(), settings, ArtifactStore.openLazily(store))) {
            return service(adapters).status(request.schedulerInvocationId());
        }
    }

    @Override
    public LivePlan preview(StatusRequest request) {
        // the plan predicts publish, which refuses secure before anything else: so does the plan
        requirePlainTextMembers(request.connection());
        try (ExternalAdapters adapters =
                new ExternalAdapters(request.connection(), settings, ArtifactStore.openLazily(store))) {
            return service(adapters).preview(request.schedulerInvocationId());
        }
    }

    /**
     * Member staging dials each member over the native protocol, which these sessions speak without
     * TLS: {@code secure: true} is refused before anything is read, rather than send the password in
     * plain text. {@code status} opens no member session and works over HTTPS.
     */
    private static void requirePlainTextMembers(ClusterConnection connection) {
        if (connection.secure()) {
            throw new DponeException(
                    DponeErrorCode.CONNECTION_TLS_FAILED,
                    "external mode stages members over the native"
                            + " protocol without TLS, so it refuses secure: true rather than send the password in plain text;"
                            + " nothing was read or mutated");
        }
    }

    private ExternalPublicationService service(ExternalAdapters adapters) {
        return new ExternalPublicationService(adapters.ports(), settings, RandomBits.secure());
    }
}
