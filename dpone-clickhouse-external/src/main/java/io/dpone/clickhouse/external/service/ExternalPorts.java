package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadePort;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.member.EndpointResolver;
import io.dpone.clickhouse.external.member.MemberSessions;
import io.dpone.clickhouse.external.store.ArtifactStore;
import java.time.Clock;

/**
 * Everything the external service talks to. The catalog reads member tables with direct
 * identities; the DDL port, facade port and the KeeperMap slot mechanics are the cluster core's;
 * members are staged through {@link MemberSessions} at the endpoints {@code endpoints} resolves.
 * The composition root gives it the ClickHouse adapters; tests may substitute any port (for
 * example an emulated cluster DDL fan-out), and the service cannot tell.
 */
public record ExternalPorts(
        CatalogPort catalog,
        DdlPort ddl,
        KeeperMapAuthority<ExternalSlot> authority,
        FacadePort facades,
        MemberSessions members,
        EndpointResolver endpoints,
        ArtifactStore store,
        Clock clock,
        Sleeper sleeper) {
    public ExternalPorts {
        requireNonNull(catalog, "catalog is null");
        requireNonNull(ddl, "ddl is null");
        requireNonNull(authority, "authority is null");
        requireNonNull(facades, "facades is null");
        requireNonNull(members, "members is null");
        requireNonNull(endpoints, "endpoints is null");
        requireNonNull(store, "store is null");
        requireNonNull(clock, "clock is null");
        requireNonNull(sleeper, "sleeper is null");
    }
}
