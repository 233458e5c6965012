package io.dpone.clickhouse.external.provider;

import io.dpone.clickhouse.cluster.authority.AuthorityQueryIds;
import io.dpone.clickhouse.cluster.authority.KeeperMapSlots;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.authority.SqlControlStore;
import io.dpone.clickhouse.cluster.catalog.StrictCatalogAdapter;
import io.dpone.clickhouse.cluster.catalog.StrictFacadeAdapter;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.generation.TableIdentityKind;
import io.dpone.clickhouse.cluster.ddl.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.ReadRetryPolicy;
import io.dpone.clickhouse.cluster.transport.RetryingReadTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpOneShotMutationTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpReadTransport;
import io.dpone.clickhouse.external.authority.ExternalSlotSchema;
import io.dpone.clickhouse.external.member.EndpointResolver;
import io.dpone.clickhouse.external.nativeproto.NativeMemberSessions;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.service.ExternalSettings;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.spi.publication.ClusterConnection;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

/**
 * The ClickHouse adapters of one external invocation. The coordinator connection is the one
 * admitted HTTP connection, exactly as in internal mode: catalog reads with direct member
 * identities (retried by policy), the one-shot mutation transport for the KeeperMap CAS and the
 * distributed DDL (never retried), the core's DDL, facade and slot mechanics. Member staging is
 * deliberately native: one session per member at its admitted {@code system.clusters} endpoint,
 * as the same principal. {@link #close()} releases every HTTP client.
 */
final class ExternalAdapters implements AutoCloseable {
    static final long CATALOG_MAX_EXECUTION_SECONDS = 30;
    private final HttpReadTransport rawReads;
    private final HttpOneShotMutationTransport mutations;
    private final ExternalPorts ports;

    ExternalAdapters(ClusterConnection connection, ExternalSettings settings, ArtifactStore store) {
        Duration answerBound = Duration.ofSeconds(settings.ddlTaskTimeoutSeconds() + 30);
        ClickHouseEndpoint endpoint = new ClickHouseEndpoint(connection.host(), connection.httpPort(), "default",
                connection.user(), connection.password().reveal(), Duration.ofSeconds(10), answerBound);
        this.rawReads = new HttpReadTransport(endpoint);
        this.mutations = new HttpOneShotMutationTransport(endpoint);
        ReadTransport reads = new RetryingReadTransport(rawReads, ReadRetryPolicy.standard(), Sleeper.SYSTEM);
        this.ports = new ExternalPorts(
                new StrictCatalogAdapter(reads, ExternalAdapters::queryId, CATALOG_MAX_EXECUTION_SECONDS, TableIdentityKind.DIRECT),
                new DdlDispatchAdapter(reads, mutations, Sha256ProtocolDigests.INSTANCE, ExternalAdapters::queryId,
                        settings.ddlTaskTimeoutSeconds()),
                new KeeperMapSlots<>(new SqlControlStore(settings.facade().control(), mutations, reads,
                        MutationPrevalidation.SERVER_DEFAULT), AuthorityQueryIds.random(), ExternalSlotSchema.INSTANCE),
                new StrictFacadeAdapter(reads, ExternalAdapters::queryId, CATALOG_MAX_EXECUTION_SECONDS),
                new NativeMemberSessions(settings.target().database(), connection.user(), connection.password().reveal(),
                        Duration.ofSeconds(10), answerBound, ExternalAdapters::queryId, NativeMemberSessions.DEFAULT_BATCH_ROWS,
                        store::spillDirectory),
                EndpointResolver.admitted(), store, Clock.systemUTC(), Sleeper.SYSTEM);
    }

    ExternalPorts ports() {
        return ports;
    }

    private static String queryId() {
        return "dpone-" + UUID.randomUUID();
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
