package io.dpone.testkit.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.AuthorityQueryIds;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.catalog.StrictCatalogAdapter;
import io.dpone.clickhouse.cluster.catalog.StrictFacadeAdapter;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.ddl.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.service.PublicationPorts;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.ReadRetryPolicy;
import io.dpone.clickhouse.cluster.transport.RetryingReadTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpCandidateLoader;
import io.dpone.clickhouse.cluster.transport.http.HttpOneShotMutationTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpReadTransport;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberEndpoint;
import io.dpone.testkit.fault.CallCounter;
import io.dpone.testkit.fault.CountingCandidateLoader;
import io.dpone.testkit.fault.FaultInjectingTransport;
import io.dpone.testkit.fault.FaultPlan;
import io.dpone.testkit.fault.SendHook;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

/**
 * One worker's ports on a real cluster, composed exactly as the production composition root
 * ({@code provider.ClusterAdapters}) composes them over one HTTP connection: the strict catalog
 * and facade adapters, the DDL dispatch adapter, the KeeperMap authority over the SQL control
 * store (server-default mutation prevalidation) and the HTTP candidate loader, with reads retried
 * by the standard policy and mutations never. The only difference is the
 * {@link FaultInjectingTransport} between the adapters and the raw HTTP transports: it counts every
 * send into the cluster's shared {@link CallCounter} and lets the backend's {@link SendHook} act
 * right before and after each mutation. Closing releases the HTTP clients.
 */
final class RealWorkerPorts implements AutoCloseable {
    static final long CATALOG_MAX_EXECUTION_SECONDS = 30;

    private final HttpReadTransport rawReads;
    private final HttpOneShotMutationTransport mutations;
    private final HttpCandidateLoader loader;
    private final PublicationPorts ports;

    RealWorkerPorts(MemberEndpoint member, Credentials principal, FacadeSpec facade, CallCounter counter, SendHook hook) {
        requireNonNull(member, "member is null");
        requireNonNull(principal, "principal is null");
        ClickHouseEndpoint endpoint = new ClickHouseEndpoint(member.host(), member.httpPort(), "default", principal.user(),
                principal.password(), Duration.ofSeconds(10),
                Duration.ofSeconds(PublicationDriver.DDL_TASK_TIMEOUT_SECONDS + 30));
        this.rawReads = new HttpReadTransport(endpoint);
        this.mutations = new HttpOneShotMutationTransport(endpoint);
        this.loader = new HttpCandidateLoader(endpoint, RealWorkerPorts::queryId);
        FaultInjectingTransport faults = new FaultInjectingTransport(mutations, rawReads, FaultPlan.none(), Sleeper.SYSTEM,
                counter, hook);
        ReadTransport reads = new RetryingReadTransport(faults, ReadRetryPolicy.standard(), Sleeper.SYSTEM);
        this.ports = new PublicationPorts(
                new StrictCatalogAdapter(reads, RealWorkerPorts::queryId, CATALOG_MAX_EXECUTION_SECONDS),
                new DdlDispatchAdapter(reads, faults, Sha256ProtocolDigests.INSTANCE, RealWorkerPorts::queryId,
                        PublicationDriver.DDL_TASK_TIMEOUT_SECONDS),
                new KeeperMapAuthority(facade.control(), faults, reads, AuthorityQueryIds.random(),
                        MutationPrevalidation.SERVER_DEFAULT),
                new StrictFacadeAdapter(reads, RealWorkerPorts::queryId, CATALOG_MAX_EXECUTION_SECONDS),
                new CountingCandidateLoader(loader, counter), Clock.systemUTC(), Sleeper.SYSTEM);
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
            // releasing an HTTP client cannot change what a scenario proved
        }
    }
}
