package io.dpone.clickhouse.internal.provider;

import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.provider.PortWiring;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.ReadRetryPolicy;
import io.dpone.clickhouse.cluster.transport.RetryingReadTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpCandidateLoader;
import io.dpone.clickhouse.cluster.transport.http.HttpOneShotMutationTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpReadTransport;
import io.dpone.clickhouse.internal.service.PublicationPorts;
import io.dpone.clickhouse.internal.service.PublicationSettings;
import io.dpone.spi.publication.ClusterConnection;
import java.time.Duration;

/**
 * The ClickHouse adapters of one invocation over the one admitted HTTP connection: reads (retried
 * by policy), the one-shot mutation transport (never retried), and the ports built on them. The
 * KeeperMap CAS uses the server's default mutation prevalidation, correct on every version.
 * {@link #close()} releases every HTTP client.
 */
final class ClusterAdapters implements AutoCloseable {
    private final HttpReadTransport rawReads;
    private final HttpOneShotMutationTransport mutations;
    private final HttpCandidateLoader loader;
    private final PublicationPorts ports;

    ClusterAdapters(ClusterConnection connection, PublicationSettings settings) {
        ClickHouseEndpoint endpoint = new ClickHouseEndpoint(
                connection.host(),
                connection.httpPort(),
                "default",
                connection.user(),
                connection.password().reveal(),
                Duration.ofSeconds(10),
                Duration.ofSeconds(settings.ddlTaskTimeoutSeconds() + 30),
                connection.secure());
        this.rawReads = new HttpReadTransport(endpoint);
        this.mutations = new HttpOneShotMutationTransport(endpoint);
        this.loader = new HttpCandidateLoader(endpoint, PortWiring::queryId);
        ReadTransport reads = new RetryingReadTransport(rawReads, ReadRetryPolicy.standard(), Sleeper.SYSTEM);
        this.ports = InternalPortWiring.ports(
                reads, mutations, loader, settings.facade().control(), settings.ddlTaskTimeoutSeconds());
    }

    PublicationPorts ports() {
        return ports;
    }

    @Override
    public void close() {
        closeQuietly(loader);
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
