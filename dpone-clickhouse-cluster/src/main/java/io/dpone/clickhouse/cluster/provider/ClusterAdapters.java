package io.dpone.clickhouse.cluster.provider;

import io.dpone.clickhouse.cluster.authority.AuthorityQueryIds;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.catalog.StrictCatalogAdapter;
import io.dpone.clickhouse.cluster.catalog.StrictFacadeAdapter;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.ddl.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.service.PublicationPorts;
import io.dpone.clickhouse.cluster.service.PublicationSettings;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.ReadRetryPolicy;
import io.dpone.clickhouse.cluster.transport.RetryingReadTransport;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.transport.http.HttpCandidateLoader;
import io.dpone.clickhouse.cluster.transport.http.HttpOneShotMutationTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpReadTransport;
import io.dpone.spi.publication.ClusterConnection;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

/**
 * The ClickHouse adapters of one invocation over the one admitted HTTP connection: reads (retried
 * by policy), the one-shot mutation transport (never retried), and the ports built on them. The
 * KeeperMap CAS uses the server's default mutation prevalidation, correct on every version.
 * {@link #close()} releases every HTTP client.
 */
final class ClusterAdapters implements AutoCloseable {
    static final long CATALOG_MAX_EXECUTION_SECONDS = 30;
    private final HttpReadTransport rawReads;
    private final HttpOneShotMutationTransport mutations;
    private final HttpCandidateLoader loader;
    private final PublicationPorts ports;

    ClusterAdapters(ClusterConnection connection, PublicationSettings settings) {
        ClickHouseEndpoint endpoint = new ClickHouseEndpoint(connection.host(), connection.httpPort(), "default",
                connection.user(), connection.password().reveal(), Duration.ofSeconds(10),
                Duration.ofSeconds(settings.ddlTaskTimeoutSeconds() + 30));
        this.rawReads = new HttpReadTransport(endpoint);
        this.mutations = new HttpOneShotMutationTransport(endpoint);
        this.loader = new HttpCandidateLoader(endpoint, ClusterAdapters::queryId);
        ReadTransport reads = new RetryingReadTransport(rawReads, ReadRetryPolicy.standard(), Sleeper.SYSTEM);
        this.ports = new PublicationPorts(
                new StrictCatalogAdapter(reads, ClusterAdapters::queryId, CATALOG_MAX_EXECUTION_SECONDS),
                new DdlDispatchAdapter(reads, mutations, Sha256ProtocolDigests.INSTANCE, ClusterAdapters::queryId,
                        settings.ddlTaskTimeoutSeconds()),
                new KeeperMapAuthority(settings.facade().control(), mutations, reads, AuthorityQueryIds.random(),
                        MutationPrevalidation.SERVER_DEFAULT),
                new StrictFacadeAdapter(reads, ClusterAdapters::queryId, CATALOG_MAX_EXECUTION_SECONDS),
                loader, Clock.systemUTC(), Sleeper.SYSTEM);
    }

    PublicationPorts ports() {
        return ports;
    }

    private static String queryId() {
        return "dpone-" + UUID.randomUUID();
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
