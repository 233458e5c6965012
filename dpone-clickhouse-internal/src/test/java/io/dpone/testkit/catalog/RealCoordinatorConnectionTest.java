package io.dpone.testkit.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.decision.StaticAdmissionPolicy;
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
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.publication.PublicationContext;
import io.dpone.spi.publication.PublicationRequest;
import io.dpone.spi.publication.PublicationStrategyProvider;
import io.dpone.spi.publication.Publisher;
import io.dpone.spi.publication.Secret;
import io.dpone.spi.publication.StatusRequest;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.MemberEndpoint;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * A coordinator connection that cannot be used at all gets its own code from the internal
 * provider's own composition (what {@code dpone publish} and {@code dpone status} run), never
 * CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE, whose page tells the operator to restore members. Against
 * local real ClickHouse 26.7 (libchdb): a port nothing listens on, the named publication principal
 * with a wrong password, TLS against the plain HTTP port, the member's native port given as the
 * HTTP port, and an HTTP server that is not ClickHouse started here. red on main 32d8930: every one
 * was CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE ("restore every expected member"), and status dropped
 * the cause. A member unreachable while the coordinator answers still blocks with
 * INVENTORY_INCOMPLETE ({@code RealMemberFaultAdmissionTest}, dpone-testkit). Nothing is mutated in any case:
 * nothing could be read.
 */
@ClickHouseCluster(members = 2)
class RealCoordinatorConnectionTest {
    private static final String WRONG_PASSWORD = "pw-Wrong-Sentinel-9931";

    @Test
    void aPortNothingListensOnIsRefused(RunningCluster cluster, TestDatabase db) throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        assertRefusedBoth(
                cluster,
                db,
                connection(cluster, closed, false, cluster.publisher().password()),
                DponeErrorCode.CONNECTION_REFUSED,
                "NOT_SENT");
    }

    @Test
    void theNamedPrincipalWithAWrongPasswordIsAnAuthenticationFailure(RunningCluster cluster, TestDatabase db) {
        DponeException refused = assertRefusedBoth(
                cluster,
                db,
                connection(cluster, member(cluster).httpPort(), false, WRONG_PASSWORD),
                DponeErrorCode.CONNECTION_AUTHENTICATION_FAILED,
                "code 516");
        assertFalse(
                refused.getMessage().contains(cluster.publisher().user()),
                "the principal is not named: " + refused.getMessage());
    }

    @Test
    void tlsAgainstThePlainHttpPortIsATlsFailure(RunningCluster cluster, TestDatabase db) {
        assertRefusedBoth(
                cluster,
                db,
                connection(
                        cluster,
                        member(cluster).httpPort(),
                        true,
                        cluster.publisher().password()),
                DponeErrorCode.CONNECTION_TLS_FAILED,
                "SSL");
    }

    /** The native port given as the HTTP port answers HTTP with a plain 400 that is no ClickHouse answer. */
    @Test
    void theNativePortGivenAsTheHttpPortIsNotAClickHouseHttpEndpoint(RunningCluster cluster, TestDatabase db) {
        assertRefusedBoth(
                cluster,
                db,
                connection(
                        cluster,
                        member(cluster).nativePort(),
                        false,
                        cluster.publisher().password()),
                DponeErrorCode.CONNECTION_NOT_CLICKHOUSE,
                "code 0");
    }

    @Test
    void anHttpServerThatIsNotClickHouseIsNamedSo(RunningCluster cluster, TestDatabase db) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread answering = new Thread(() -> answerNotFound(server), "not-clickhouse");
            answering.setDaemon(true);
            answering.start();
            assertRefusedBoth(
                    cluster,
                    db,
                    connection(
                            cluster,
                            server.getLocalPort(),
                            false,
                            cluster.publisher().password()),
                    DponeErrorCode.CONNECTION_NOT_CLICKHOUSE,
                    "404");
        }
    }

    /** A web server that is not ClickHouse: every request gets a plain 404 without a ClickHouse exception code. */
    private static void answerNotFound(ServerSocket server) {
        while (!server.isClosed()) {
            try (Socket client = server.accept()) {
                BufferedReader request =
                        new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.US_ASCII));
                for (String line = request.readLine(); line != null && !line.isEmpty(); line = request.readLine()) {
                    // the request head is read and ignored
                }
                OutputStream out = client.getOutputStream();
                out.write("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** The right connection admits the cluster, then stops at the capability assertion this harness cannot pass (392). */
    @Test
    void theRightConnectionIsNotAConnectionFault(RunningCluster cluster, TestDatabase db) {
        ClusterConnection right = connection(
                cluster, member(cluster).httpPort(), false, cluster.publisher().password());
        DponeException refused = assertThrows(
                DponeException.class,
                () -> publisher(cluster, db)
                        .publish(new PublicationRequest(
                                "run-1", rows(), right, Cancellation.NEVER, ProgressListener.NONE)));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING, refused.code(), refused.getMessage());
    }

    /** status and publish both refuse with {@code code}, keep the redacted cause, and name no host, port or secret. */
    private static DponeException assertRefusedBoth(
            RunningCluster cluster, TestDatabase db, ClusterConnection connection, DponeErrorCode code, String cause) {
        Publisher publisher = publisher(cluster, db);
        DponeException status = assertThrows(
                DponeException.class, () -> publisher.status(new StatusRequest(connection, Optional.empty())));
        assertEquals(code, status.code(), status.getMessage());
        assertTrue(status.getMessage().contains(cause), "status keeps the cause: " + status.getMessage());
        DponeException publish = assertThrows(
                DponeException.class,
                () -> publisher.publish(new PublicationRequest(
                        "run-1", rows(), connection, Cancellation.NEVER, ProgressListener.NONE)));
        assertEquals(code, publish.code(), publish.getMessage());
        assertTrue(publish.getMessage().contains("COORDINATOR_CONNECTION_FAILED"), publish.getMessage());
        for (DponeException refusal : List.of(status, publish)) {
            String message = refusal.getMessage();
            assertFalse(
                    message.contains("127.0.0.1")
                            || message.contains("localhost")
                            || message.contains(WRONG_PASSWORD)
                            || message.contains(cluster.publisher().password())
                            || message.contains(String.valueOf(connection.httpPort())),
                    "no host, port or secret: " + message);
        }
        return status;
    }

    private static MemberEndpoint member(RunningCluster cluster) {
        return cluster.member(0).endpoint();
    }

    private static ClusterConnection connection(RunningCluster cluster, int httpPort, boolean secure, String password) {
        return new ClusterConnection(
                member(cluster).host(),
                httpPort,
                member(cluster).nativePort(),
                secure,
                cluster.publisher().user(),
                Secret.of(password));
    }

    private static PublicationSource rows() {
        return new PublicationSource.Rows(List.of(SourceColumn.typed("id", "UInt64")), List.of(List.of("1")));
    }

    private static Publisher publisher(RunningCluster cluster, TestDatabase db) {
        SinkManifest manifest = new SinkManifest(
                true,
                new SinkTarget(db.target(), "orders"),
                StrategyMode.FULL_REFRESH,
                1 << 20,
                StagingLocation.TARGET_LOCAL,
                Optional.empty(),
                Optional.empty(),
                Optional.of("ReplicatedMergeTree"),
                Optional.of(new ClusterSpec(
                        cluster.spec().clusterName(),
                        DdlScope.CLUSTER,
                        ReplicationMode.INTERNAL,
                        OptionalLong.empty())));
        PublicationStrategyProvider internal = ServiceLoader.load(PublicationStrategyProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(provider -> provider.replicationMode() == ReplicationMode.INTERNAL)
                .findFirst()
                .orElseThrow();
        return internal.createPublisher(new PublicationContext(
                manifest,
                new StaticAdmissionPolicy(List.of(internal)).decide(manifest, HostEnvironment.empty()),
                HostEnvironment.empty()));
    }
}
