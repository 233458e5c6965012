package io.dpone.clickhouse.internal.provider;

import io.dpone.clickhouse.cluster.authority.AuthorityQueryIds;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.authority.PermitLifetime;
import io.dpone.clickhouse.cluster.authority.adapter.SqlControlStore;
import io.dpone.clickhouse.cluster.catalog.StrictCatalogAdapter;
import io.dpone.clickhouse.cluster.catalog.StrictFacadeAdapter;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.ddl.adapter.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.CandidateLoadPort;
import io.dpone.clickhouse.cluster.port.MonotonicClock;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.provider.PortWiring;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.service.PublicationPorts;
import java.time.Clock;

/**
 * How internal mode's ports are wired over one coordinator connection: the strict catalog and
 * facade adapters, the DDL dispatch adapter, the KeeperMap authority over the SQL control store
 * (server-default mutation prevalidation, correct on every version; permits bounded by a quarter of
 * the DDL task timeout on the system's monotonic clock) and the candidate loader. The
 * composition root uses it over the plain HTTP transports; the testkit's real acceptance backend
 * uses it over its fault-injecting transport, so both run exactly this wiring.
 */
public final class InternalPortWiring {
    private InternalPortWiring() {}

    /**
     * The ports over {@code reads} (already retried by policy), {@code mutations} (never retried)
     * and {@code loader}, with the control table {@code control}.
     */
    public static PublicationPorts ports(
            ReadTransport reads,
            OneShotMutationTransport mutations,
            CandidateLoadPort loader,
            TableRef control,
            long ddlTaskTimeoutSeconds) {
        return new PublicationPorts(
                new StrictCatalogAdapter(reads, PortWiring::queryId, PortWiring.CATALOG_MAX_EXECUTION_SECONDS),
                new DdlDispatchAdapter(
                        reads, mutations, Sha256ProtocolDigests.INSTANCE, PortWiring::queryId, ddlTaskTimeoutSeconds),
                SqlControlStore.authority(
                        control,
                        mutations,
                        reads,
                        AuthorityQueryIds.random(),
                        MutationPrevalidation.SERVER_DEFAULT,
                        PermitLifetime.forTaskTimeout(MonotonicClock.SYSTEM, ddlTaskTimeoutSeconds)),
                new StrictFacadeAdapter(reads, PortWiring::queryId, PortWiring.CATALOG_MAX_EXECUTION_SECONDS),
                loader,
                Clock.systemUTC(),
                Sleeper.SYSTEM);
    }
}
