package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.ReadinessBarrier;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.flow.Waits;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Polls replication health of one table on every replica within a bounded wait: the section 2
 * readiness barrier with the staged row count for the candidate, and the same barrier without it
 * for the published target before and during cleanup (section 6).
 */
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
        return poll(table, waits, health -> ReadinessBarrier.isReady(hosts, health, rows));
    }

    /** True once every host reports {@code table} with complete replication health, whatever it counts. */
    boolean awaitHealthy(Set<HostEndpoint> hosts, TableRef table, Waits waits) {
        return poll(table, waits, health -> ReadinessBarrier.isHealthy(hosts, health));
    }

    /** One read of {@link #awaitHealthy}'s rule, without waiting (status). */
    boolean healthyNow(Set<HostEndpoint> hosts, TableRef table) {
        return read(table, health -> ReadinessBarrier.isHealthy(hosts, health));
    }

    private boolean poll(TableRef table, Waits waits, Predicate<List<ReplicaHealth>> passes) {
        for (int attempt = 1; ; attempt++) {
            if (read(table, passes)) {
                return true;
            }
            if (!waits.pause("replication", attempt, policy)) {
                return false;
            }
        }
    }

    private boolean read(TableRef table, Predicate<List<ReplicaHealth>> passes) {
        CatalogRead<List<ReplicaHealth>> health = catalog.candidateHealth(cluster, table);
        return health instanceof CatalogRead.Observed<List<ReplicaHealth>> observed && passes.test(observed.facts());
    }
}
