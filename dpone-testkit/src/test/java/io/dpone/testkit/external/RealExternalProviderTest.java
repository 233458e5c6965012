package io.dpone.testkit.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.spi.decision.StaticAdmissionPolicy;
import io.dpone.spi.decision.StaticDecision;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ClusterSpec;
import io.dpone.spi.manifest.DdlScope;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.manifest.SinkManifest;
import io.dpone.spi.manifest.SinkTarget;
import io.dpone.spi.manifest.StagingLocation;
import io.dpone.spi.manifest.StrategyMode;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ClusterConnection;
import io.dpone.spi.publication.HostEnvironment;
import io.dpone.spi.publication.PublicationContext;
import io.dpone.spi.publication.PublicationRequest;
import io.dpone.spi.publication.PublicationStrategyProvider;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.publication.Publisher;
import io.dpone.spi.publication.Secret;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The provider's own composition (`createPublisher`, exactly what `dpone publish` runs) against
 * real members (local ClickHouse 26.7 via libchdb, {@code internal_replication = false}), with no
 * emulation: the real HTTP catalog, facade and DDL adapters and the native member sessions admit
 * the cluster and prove every member connection; then the synthetic capability assertion needs a
 * real {@code ON CLUSTER}, which this harness refuses (392), so publication stops with
 * CLICKHOUSE_CLUSTER_CAPABILITY_MISSING before anything is locked, created or written — and never
 * falls back to another mode.
 */
@ClickHouseCluster(members = 2, internalReplication = false)
class RealExternalProviderTest {
    @TempDir
    Path directory;

    @Test
    void theComposedPublisherAdmitsRealMembersAndFailsClosedWithoutDistributedDdl(RunningCluster cluster, TestDatabase db)
            throws Exception {
        Path store = directory.resolve("store");
        SinkManifest manifest = new SinkManifest(false, new SinkTarget(db.target(), "orders"), StrategyMode.FULL_REFRESH,
                1 << 20, StagingLocation.TARGET_LOCAL, Optional.empty(), Optional.of(store.toString()), Optional.of("MergeTree"),
                Optional.of(new ClusterSpec(cluster.spec().clusterName(), DdlScope.CLUSTER, ReplicationMode.EXTERNAL,
                        OptionalLong.of(1_000))));
        PublicationStrategyProvider external = ServiceLoader.load(PublicationStrategyProvider.class).stream()
                .map(ServiceLoader.Provider::get).filter(provider -> provider.replicationMode() == ReplicationMode.EXTERNAL)
                .findFirst().orElseThrow();
        StaticDecision decision = new StaticAdmissionPolicy(List.of(external)).decide(manifest, HostEnvironment.empty());
        Publisher publisher = external.createPublisher(new PublicationContext(manifest, decision, HostEnvironment.empty()));
        ClusterConnection connection = new ClusterConnection(cluster.member(0).endpoint().host(),
                cluster.member(0).endpoint().httpPort(), cluster.member(0).endpoint().nativePort(), false,
                cluster.admin().user(), Secret.of(cluster.admin().password()));
        DponeException refused = assertThrows(DponeException.class, () -> publisher.publish(new PublicationRequest("run-1",
                TrickyArtifact.source(directory), connection, Cancellation.NEVER, ProgressListener.NONE)));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING, refused.code(), refused.getMessage());
        assertFalse(Files.exists(store), "nothing was sealed or created before the capability was proven");
    }
}
