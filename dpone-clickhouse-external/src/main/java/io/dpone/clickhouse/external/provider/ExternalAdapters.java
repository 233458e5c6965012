package io.dpone.clickhouse.external.provider;

import io.dpone.clickhouse.cluster.authority.PermitLifetime;
import io.dpone.clickhouse.cluster.port.MonotonicClock;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.provider.PortWiring;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.ReadRetryPolicy;
import io.dpone.clickhouse.cluster.transport.RetryingReadTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpOneShotMutationTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpReadTransport;
import io.dpone.clickhouse.external.nativeproto.NativeMemberSessions;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.service.ExternalSettings;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.spi.publication.ClusterConnection;
import java.time.Duration;

/**
 * The ClickHouse adapters of one external invocation. The coordinator connection is the one
 * admitted HTTP connection, exactly as in internal mode: catalog reads with direct member
 * identities (retried by policy), the one-shot mutation transport for the KeeperMap CAS and the
 * distributed DDL (never retried), the core's DDL, facade and slot mechanics. Member staging is
 * deliberately native: one session per member at its admitted {@code system.clusters} endpoint,
 * or where the host's member endpoint map translates it for the runtime network, as the same
 * principal. {@link #close()} releases every HTTP client.
 */
final class ExternalAdapters implements AutoCloseable {
    private final HttpReadTransport rawReads;
    private final HttpOneShotMutationTransport mutations;
    private final ExternalPorts ports;

    ExternalAdapters(ClusterConnection connection, ExternalSettings settings, ArtifactStore store) {
        Duration answerBound = Duration.ofSeconds(settings.ddlTaskTimeoutSeconds() + 30);
        ClickHouseEndpoint endpoint = new ClickHouseEndpoint(
                connection.host(),
                connection.httpPort(),
                "default",
                connection.user(),
                connection.password().reveal(),
                Duration.ofSeconds(10),
                answerBound,
                connection.secure());
        this.rawReads = new HttpReadTransport(endpoint);
        this.mutations = new HttpOneShotMutationTransport(endpoint);
        ReadTransport reads = new RetryingReadTransport(rawReads, ReadRetryPolicy.standard(), Sleeper.SYSTEM);
        this.ports = ExternalPortWiring.ports(
                reads,
                mutations,
                ExternalPortWiring.ddl(reads, mutations, settings.ddlTaskTimeoutSeconds()),
                settings.facade().control(),
                new NativeMemberSessions(
                        settings.target().database(),
                        connection.user(),
                        connection.password().reveal(),
                        Duration.ofSeconds(10),
                        answerBound,
                        PortWiring::queryId,
                        NativeMemberSessions.DEFAULT_BATCH_ROWS,
                        NativeMemberSessions.MAX_BLOCK_BYTES,
                        store::spillDirectory),
                ExternalPortWiring.endpoints(connection.memberEndpoints()),
                store,
                PermitLifetime.forTaskTimeout(MonotonicClock.SYSTEM, settings.ddlTaskTimeoutSeconds()));
    }

    ExternalPorts ports() {
        return ports;
    }

    @Override
    public void close() {
        closeQuietly(mutations);
        closeQuietly(rawReads);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // releasing an HTTP client cannot change what the invocation proved
        }
    }
}
