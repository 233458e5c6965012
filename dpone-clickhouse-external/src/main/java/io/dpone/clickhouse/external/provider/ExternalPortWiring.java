package io.dpone.clickhouse.external.provider;

import io.dpone.clickhouse.cluster.authority.AuthorityQueryIds;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.authority.PermitLifetime;
import io.dpone.clickhouse.cluster.authority.adapter.SqlControlStore;
import io.dpone.clickhouse.cluster.catalog.StrictCatalogAdapter;
import io.dpone.clickhouse.cluster.catalog.StrictFacadeAdapter;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.generation.TableIdentityKind;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.ddl.adapter.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.provider.PortWiring;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalSlotSchema;
import io.dpone.clickhouse.external.member.EndpointResolver;
import io.dpone.clickhouse.external.member.MappedEndpoints;
import io.dpone.clickhouse.external.member.MemberSessions;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.spi.publication.MemberEndpoints;
import java.time.Clock;

/**
 * How external mode's ports are wired over one coordinator connection: the strict catalog with
 * direct member identities, the core's DDL dispatch, facade and KeeperMap slot mechanics (external
 * slot schema, server-default mutation prevalidation), the member sessions at the endpoints the
 * host's member endpoint map resolves, and the artifact store. The composition root uses it over the plain HTTP transports; the testkit's real external
 * acceptance backends use it over their fault-injecting transport, so both run exactly this wiring.
 */
public final class ExternalPortWiring {
    private ExternalPortWiring() {}

    /**
     * The members' runtime endpoints: the admitted {@code system.clusters} ones, or the host's
     * explicit translation, which must then cover exactly the admitted members.
     */
    public static EndpointResolver endpoints(MemberEndpoints map) {
        return MappedEndpoints.of(map);
    }

    /** The core's DDL dispatch adapter over {@code reads} and {@code mutations}. */
    public static DdlPort ddl(ReadTransport reads, OneShotMutationTransport mutations, long ddlTaskTimeoutSeconds) {
        return new DdlDispatchAdapter(
                reads, mutations, Sha256ProtocolDigests.INSTANCE, PortWiring::queryId, ddlTaskTimeoutSeconds);
    }

    /**
     * The ports over {@code reads} (already retried by policy), {@code mutations} (never retried),
     * {@code ddl}, the control table {@code control}, {@code sessions} at the endpoints
     * {@code endpoints} resolves ({@link #endpoints(MemberEndpoints)} of the host's map), and {@code store}.
     */
    public static ExternalPorts ports(
            ReadTransport reads,
            OneShotMutationTransport mutations,
            DdlPort ddl,
            TableRef control,
            MemberSessions sessions,
            EndpointResolver endpoints,
            ArtifactStore store) {
        return ports(reads, mutations, ddl, control, sessions, endpoints, store, PermitLifetime.systemDefault());
    }

    /** {@link #ports(ReadTransport, OneShotMutationTransport, DdlPort, TableRef, MemberSessions, EndpointResolver, ArtifactStore)} with dispatch permits bounded by {@code lifetime}. */
    public static ExternalPorts ports(
            ReadTransport reads,
            OneShotMutationTransport mutations,
            DdlPort ddl,
            TableRef control,
            MemberSessions sessions,
            EndpointResolver endpoints,
            ArtifactStore store,
            PermitLifetime lifetime) {
        return new ExternalPorts(
                new StrictCatalogAdapter(
                        reads, PortWiring::queryId, PortWiring.CATALOG_MAX_EXECUTION_SECONDS, TableIdentityKind.DIRECT),
                ddl,
                new KeeperMapAuthority<>(
                        new SqlControlStore(control, mutations, reads, MutationPrevalidation.SERVER_DEFAULT),
                        AuthorityQueryIds.random(),
                        ExternalSlotSchema.INSTANCE,
                        lifetime),
                new StrictFacadeAdapter(reads, PortWiring::queryId, PortWiring.CATALOG_MAX_EXECUTION_SECONDS),
                sessions,
                endpoints,
                store,
                Clock.systemUTC(),
                Sleeper.SYSTEM);
    }
}
