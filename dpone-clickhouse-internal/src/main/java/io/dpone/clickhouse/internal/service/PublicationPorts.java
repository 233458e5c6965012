package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.AuthorityPort;
import io.dpone.clickhouse.cluster.authority.FacadePort;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.port.CandidateLoadPort;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.Sleeper;
import java.time.Clock;

/**
 * Everything the publication service talks to, as ports. The composition root gives it the
 * ClickHouse adapters; the testkit's simulator gives it simulated ones; the service cannot tell.
 * {@code clock} stamps authority records and {@code sleeper} paces every bounded wait, so a
 * simulator can run both on virtual time.
 */
public record PublicationPorts(
        CatalogPort catalog,
        DdlPort ddl,
        AuthorityPort<AuthorityRecord> authority,
        FacadePort facades,
        CandidateLoadPort loader,
        Clock clock,
        Sleeper sleeper) {
    public PublicationPorts {
        requireNonNull(catalog, "catalog is null");
        requireNonNull(ddl, "ddl is null");
        requireNonNull(authority, "authority is null");
        requireNonNull(facades, "facades is null");
        requireNonNull(loader, "loader is null");
        requireNonNull(clock, "clock is null");
        requireNonNull(sleeper, "sleeper is null");
    }
}
