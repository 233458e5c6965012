package io.dpone.cli;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.service.ExternalPublicationService;
import io.dpone.clickhouse.external.service.ExternalSettings;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.service.InternalPublicationService;
import io.dpone.clickhouse.internal.service.PublicationSettings;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.manifest.SinkManifest;
import io.dpone.spi.publication.PublicationContext;
import io.dpone.spi.publication.PublicationRequest;
import io.dpone.spi.publication.PublicationStrategyProvider;
import io.dpone.spi.publication.Publisher;
import io.dpone.spi.publication.StatusRequest;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Both modes' real publication services, configured from the admitted manifest exactly as the
 * production publishers configure them, but over the testkit's deterministic simulator instead of
 * ClickHouse adapters (backend: SIMULATED; no server, no network). The host's connection is not
 * used; the external artifact store is the simulated cluster's own temporary one, not the
 * manifest's path. Each provider records which operations the host asked of it, so a test can see
 * which one {@code replication_mode} selected.
 */
final class SimulatedProviders {
    /** The worker name both providers' ports and random bits are drawn under. */
    private static final String WORKER = "cli";

    private SimulatedProviders() {}

    static Recording external(SimulatedExternalCluster cluster) {
        requireNonNull(cluster, "cluster is null");
        return new Recording(ReplicationMode.EXTERNAL, context -> {
            SinkManifest manifest = context.manifest();
            ExternalSettings settings = ExternalSettings.withDefaultWaits(
                    manifest.cluster().orElseThrow().name(),
                    target(manifest),
                    FacadeSpec.PLATFORM,
                    manifest.engine().orElse("MergeTree"),
                    manifest.maxSourceBytes(),
                    manifest.cluster().orElseThrow().contentRowBudget());
            ExternalPublicationService service =
                    new ExternalPublicationService(cluster.ports(WORKER), settings, cluster.random(WORKER));
            return new Publisher() {
                @Override
                public PublicationReceipt publish(PublicationRequest request) {
                    return service.publish(
                            request.schedulerInvocationId(),
                            request.source(),
                            request.cancellation(),
                            request.progress());
                }

                @Override
                public PublicationReceipt status(StatusRequest request) {
                    return service.status(request.schedulerInvocationId());
                }

                @Override
                public LivePlan preview(StatusRequest request) {
                    return service.preview(request.schedulerInvocationId());
                }
            };
        });
    }

    static Recording internal(SimulatedCluster cluster) {
        requireNonNull(cluster, "cluster is null");
        return new Recording(ReplicationMode.INTERNAL, context -> {
            SinkManifest manifest = context.manifest();
            PublicationSettings settings = PublicationSettings.withDefaultWaits(
                    manifest.cluster().orElseThrow().name(),
                    target(manifest),
                    FacadeSpec.PLATFORM,
                    manifest.engine().orElse("ReplicatedMergeTree"),
                    manifest.maxSourceBytes());
            InternalPublicationService service = new InternalPublicationService(
                    cluster.ports(WORKER), settings, Sha256ProtocolDigests.INSTANCE, cluster.random(WORKER));
            return new Publisher() {
                @Override
                public PublicationReceipt publish(PublicationRequest request) {
                    return service.publish(
                            request.schedulerInvocationId(),
                            request.source(),
                            request.cancellation(),
                            request.progress());
                }

                @Override
                public PublicationReceipt status(StatusRequest request) {
                    return service.status(request.schedulerInvocationId());
                }

                @Override
                public LivePlan preview(StatusRequest request) {
                    return service.preview(request.schedulerInvocationId());
                }
            };
        });
    }

    private static TableRef target(SinkManifest manifest) {
        return new TableRef(manifest.target().database(), manifest.target().table());
    }

    /** A provider of one mode that logs "publish" or "status" for every call the host makes. */
    static final class Recording implements PublicationStrategyProvider {
        private final ReplicationMode mode;
        private final Function<PublicationContext, Publisher> services;
        private final List<String> calls = new ArrayList<>();

        private Recording(ReplicationMode mode, Function<PublicationContext, Publisher> services) {
            this.mode = mode;
            this.services = services;
        }

        @Override
        public ReplicationMode replicationMode() {
            return mode;
        }

        @Override
        public String name() {
            return "simulated-" + mode.name().toLowerCase(Locale.ROOT);
        }

        @Override
        public Publisher createPublisher(PublicationContext context) {
            Publisher service = services.apply(context);
            return new Publisher() {
                @Override
                public PublicationReceipt publish(PublicationRequest request) {
                    calls.add("publish");
                    return service.publish(request);
                }

                @Override
                public PublicationReceipt status(StatusRequest request) {
                    calls.add("status");
                    return service.status(request);
                }

                @Override
                public LivePlan preview(StatusRequest request) {
                    calls.add("preview");
                    return service.preview(request);
                }
            };
        }

        List<String> calls() {
            return calls;
        }
    }
}
