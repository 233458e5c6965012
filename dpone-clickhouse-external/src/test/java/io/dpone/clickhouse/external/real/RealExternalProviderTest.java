package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import io.dpone.spi.publication.MemberEndpoints;
import io.dpone.spi.publication.MemberEndpoints.Endpoint;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.publication.PublicationContext;
import io.dpone.spi.publication.PublicationRequest;
import io.dpone.spi.publication.PublicationStrategyProvider;
import io.dpone.spi.publication.Publisher;
import io.dpone.spi.publication.Secret;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.ServiceLoader;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The provider's own composition (`createPublisher`, exactly what `dpone publish` runs) against
 * real members (local ClickHouse 26.7 via libchdb, {@code internal_replication = false}), with no
 * emulation: the real HTTP catalog, facade and DDL adapters and the native member sessions admit
 * the cluster and prove every member connection; then the synthetic capability assertion needs a
 * real {@code ON CLUSTER}, which this harness refuses (392), so publication stops with
 * CLICKHOUSE_CLUSTER_CAPABILITY_MISSING before anything is locked, created or written — and never
 * falls back to another mode. The same composition dials the host's member endpoint map.
 */
@ClickHouseCluster(members = 2, internalReplication = false)
class RealExternalProviderTest {
    @TempDir
    Path directory;

    @Test
    void theComposedPublisherAdmitsRealMembersAndFailsClosedWithoutDistributedDdl(
            RunningCluster cluster, TestDatabase db) throws Exception {
        Path store = directory.resolve("store");
        DponeException refused =
                assertThrows(DponeException.class, () -> publish(cluster, db, store, MemberEndpoints.none()));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING, refused.code(), refused.getMessage());
        assertFalse(Files.exists(store), "nothing was sealed or created before the capability was proven");
    }

    /**
     * The host's member endpoint map through the same composition. The harness's
     * {@code system.clusters} lists {@code 127.0.0.1}; it cannot list an unreachable alias, so the
     * map translates each member to {@code localhost} at its real native port: admission proves
     * every member over the mapped endpoint and stops at the capability assertion as above. A map
     * that sends each member to the other's port is refused by the member identity proof, so the
     * mapped endpoints, not the admitted ones, are what the native sessions dial. A partial map is
     * refused before any member is reached. Nothing is sealed, created or written in any case.
     */
    @Test
    void theComposedPublisherDialsTheHostsMemberEndpointMap(RunningCluster cluster, TestDatabase db) throws Exception {
        Path store = directory.resolve("store-mapped");
        MemberEndpoints localhost = map(cluster, member -> new Endpoint("localhost", nativePort(cluster, member)));
        DponeException admitted = assertThrows(DponeException.class, () -> publish(cluster, db, store, localhost));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING, admitted.code(), admitted.getMessage());

        MemberEndpoints crossed = map(cluster, member -> new Endpoint("localhost", nativePort(cluster, 1 - member)));
        DponeException wrongMember = assertThrows(DponeException.class, () -> publish(cluster, db, store, crossed));
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE,
                wrongMember.code(),
                wrongMember.getMessage());
        assertTrue(wrongMember.getMessage().contains("reaches another member"), wrongMember.getMessage());

        MemberEndpoints partial = new MemberEndpoints(Map.of(
                new Endpoint(cluster.member(0).endpoint().host(), nativePort(cluster, 0)),
                new Endpoint("localhost", nativePort(cluster, 0))));
        DponeException incomplete = assertThrows(DponeException.class, () -> publish(cluster, db, store, partial));
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE,
                incomplete.code(),
                incomplete.getMessage());
        assertTrue(incomplete.getMessage().contains("member endpoint map"), incomplete.getMessage());
        for (DponeException refusal : List.of(admitted, wrongMember, incomplete)) {
            assertFalse(
                    refusal.getMessage().contains("localhost")
                            || refusal.getMessage().contains("127.0.0.1"),
                    refusal.getMessage());
        }
        assertFalse(Files.exists(store), "nothing was sealed or created");
    }

    private static int nativePort(RunningCluster cluster, int member) {
        return cluster.member(member).endpoint().nativePort();
    }

    private static MemberEndpoints map(RunningCluster cluster, IntFunction<Endpoint> runtime) {
        Map<Endpoint, Endpoint> translations = new HashMap<>();
        for (int member = 0; member < 2; member++) {
            translations.put(
                    new Endpoint(cluster.member(member).endpoint().host(), nativePort(cluster, member)),
                    runtime.apply(member));
        }
        return new MemberEndpoints(translations);
    }

    private void publish(RunningCluster cluster, TestDatabase db, Path store, MemberEndpoints members)
            throws Exception {
        SinkManifest manifest = new SinkManifest(
                false,
                new SinkTarget(db.target(), "orders"),
                StrategyMode.FULL_REFRESH,
                1 << 20,
                StagingLocation.TARGET_LOCAL,
                Optional.empty(),
                Optional.of(store.toString()),
                Optional.of("MergeTree"),
                Optional.of(new ClusterSpec(
                        cluster.spec().clusterName(),
                        DdlScope.CLUSTER,
                        ReplicationMode.EXTERNAL,
                        OptionalLong.of(1_000))));
        PublicationStrategyProvider external = ServiceLoader.load(PublicationStrategyProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(provider -> provider.replicationMode() == ReplicationMode.EXTERNAL)
                .findFirst()
                .orElseThrow();
        StaticDecision decision =
                new StaticAdmissionPolicy(List.of(external)).decide(manifest, HostEnvironment.empty());
        Publisher publisher =
                external.createPublisher(new PublicationContext(manifest, decision, HostEnvironment.empty()));
        ClusterConnection connection = new ClusterConnection(
                cluster.member(0).endpoint().host(),
                cluster.member(0).endpoint().httpPort(),
                cluster.member(0).endpoint().nativePort(),
                false,
                cluster.admin().user(),
                Secret.of(cluster.admin().password()),
                members);
        publisher.publish(new PublicationRequest(
                "run-1", TrickyArtifact.source(directory), connection, Cancellation.NEVER, ProgressListener.NONE));
    }
}
