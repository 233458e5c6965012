package io.dpone.clickhouse.cluster.service;

import io.dpone.clickhouse.cluster.flow.Waits;
import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.ReadinessBarrier;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import java.util.List;
import java.util.Set;

/** Polls the section 2 readiness barrier for one table on every replica within a bounded wait. */
final class ReadinessWait {
    private final CatalogPort catalog;
    private final String cluster;
    private final BoundedWait policy;

    ReadinessWait(CatalogPort catalog, String cluster, BoundedWait policy) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.policy = requireNonNull(policy, "policy is null");
    }

    /** True once every host reports {@code table} ready with exactly {@code rows} rows; false when the wait ends first. */
    boolean await(Set<HostEndpoint> hosts, TableRef table, long rows, Waits waits) {
        for (int attempt = 1; ; attempt++) {
            CatalogRead<List<ReplicaHealth>> health = catalog.candidateHealth(cluster, table);
            if (health instanceof CatalogRead.Observed<List<ReplicaHealth>> observed
                    && ReadinessBarrier.isReady(hosts, observed.facts(), rows)) {
                return true;
            }
            if (!waits.pause("replication", attempt, policy)) {
                return false;
            }
        }
    }
}
