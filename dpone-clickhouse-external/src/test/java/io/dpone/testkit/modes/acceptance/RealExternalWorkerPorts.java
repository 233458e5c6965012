package io.dpone.testkit.modes.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.ReadRetryPolicy;
import io.dpone.clickhouse.cluster.transport.RetryingReadTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpOneShotMutationTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpReadTransport;
import io.dpone.clickhouse.external.member.MemberSessions;
import io.dpone.clickhouse.external.provider.ExternalPortWiring;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.publication.MemberEndpoints;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberEndpoint;
import io.dpone.testkit.fault.CallCounter;
import io.dpone.testkit.fault.FaultInjectingTransport;
import io.dpone.testkit.fault.FaultPlan;
import io.dpone.testkit.fault.SendHook;
import java.time.Duration;

/**
 * One worker's {@link ExternalPorts} on a real cluster, composed exactly as the external provider
 * composes them ({@code provider.ExternalAdapters}) over one HTTP coordinator connection to member
 * 0 as the publication principal: the strict catalog with direct member identities, the DDL
 * dispatch adapter, the KeeperMap slots over the SQL control store, the facade adapter, reads
 * retried by the standard policy and mutations never, the admitted {@code system.clusters}
 * endpoints. The only differences: a {@link FaultInjectingTransport} between the adapters and the
 * raw HTTP transports (it counts every send into the cluster's shared {@link CallCounter} and lets
 * the backend's {@link SendHook} act), and the given member sessions (the backend's, which reach
 * each member and carry its staging faults); on the local harness, which cannot run
 * {@code ON CLUSTER}, the distributed DDL is the testkit's emulation. Closing releases the HTTP clients.
 */
final class RealExternalWorkerPorts implements AutoCloseable {
    private final HttpReadTransport rawReads;
    private final HttpOneShotMutationTransport mutations;
    private final ExternalPorts ports;

    /** {@code emulatedDdl}: null for the production DDL dispatch adapter, else the port that replaces it (the local harness's emulation). */
    RealExternalWorkerPorts(
            MemberEndpoint member,
            Credentials principal,
            FacadeSpec facade,
            CallCounter counter,
            SendHook hook,
            MemberSessions sessions,
            ArtifactStore store,
            DdlPort emulatedDdl) {
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
        FaultInjectingTransport faults =
                new FaultInjectingTransport(mutations, rawReads, FaultPlan.none(), Sleeper.SYSTEM, counter, hook);
        ReadTransport reads = new RetryingReadTransport(faults, ReadRetryPolicy.standard(), Sleeper.SYSTEM);
        this.ports = ExternalPortWiring.ports(
                reads,
                faults,
                emulatedDdl != null
                        ? emulatedDdl
                        : ExternalPortWiring.ddl(reads, faults, PublicationDriver.DDL_TASK_TIMEOUT_SECONDS),
                facade.control(),
                sessions,
                ExternalPortWiring.endpoints(MemberEndpoints.none()),
                store);
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
            // releasing an HTTP client cannot change what a scenario proved
        }
    }
}
