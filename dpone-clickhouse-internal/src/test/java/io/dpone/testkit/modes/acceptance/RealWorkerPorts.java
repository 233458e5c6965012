package io.dpone.testkit.modes.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.provider.PortWiring;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.ReadRetryPolicy;
import io.dpone.clickhouse.cluster.transport.RetryingReadTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpCandidateLoader;
import io.dpone.clickhouse.cluster.transport.http.HttpOneShotMutationTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpReadTransport;
import io.dpone.clickhouse.internal.provider.InternalPortWiring;
import io.dpone.clickhouse.internal.service.PublicationPorts;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberEndpoint;
import io.dpone.testkit.fault.CallCounter;
import io.dpone.testkit.fault.CountingCandidateLoader;
import io.dpone.testkit.fault.FaultInjectingTransport;
import io.dpone.testkit.fault.FaultPlan;
import io.dpone.testkit.fault.SendHook;
import java.time.Duration;

/**
 * One worker's ports on a real cluster, wired by the production {@link InternalPortWiring} over one
 * HTTP connection, with reads retried by the standard policy and mutations never. The only difference is the
 * {@link FaultInjectingTransport} between the adapters and the raw HTTP transports: it counts every
 * send into the cluster's shared {@link CallCounter} and lets the backend's {@link SendHook} act
 * right before and after each mutation. Closing releases the HTTP clients.
 */
final class RealWorkerPorts implements AutoCloseable {
    private final HttpReadTransport rawReads;
    private final HttpOneShotMutationTransport mutations;
    private final HttpCandidateLoader loader;
    private final PublicationPorts ports;

    RealWorkerPorts(
            MemberEndpoint member, Credentials principal, FacadeSpec facade, CallCounter counter, SendHook hook) {
        requireNonNull(member, "member is null");
        requireNonNull(principal, "principal is null");
        ClickHouseEndpoint endpoint = new ClickHouseEndpoint(
                member.host(),
                member.httpPort(),
                "default",
                principal.user(),
                principal.password(),
                Duration.ofSeconds(10),
                Duration.ofSeconds(PublicationDriver.DDL_TASK_TIMEOUT_SECONDS + 30));
        this.rawReads = new HttpReadTransport(endpoint);
        this.mutations = new HttpOneShotMutationTransport(endpoint);
        this.loader = new HttpCandidateLoader(endpoint, PortWiring::queryId);
        FaultInjectingTransport faults =
                new FaultInjectingTransport(mutations, rawReads, FaultPlan.none(), Sleeper.SYSTEM, counter, hook);
        ReadTransport reads = new RetryingReadTransport(faults, ReadRetryPolicy.standard(), Sleeper.SYSTEM);
        this.ports = InternalPortWiring.ports(
                reads,
                faults,
                new CountingCandidateLoader(loader, counter),
                facade.control(),
                PublicationDriver.DDL_TASK_TIMEOUT_SECONDS);
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
            // releasing an HTTP client cannot change what a scenario proved
        }
    }
}
