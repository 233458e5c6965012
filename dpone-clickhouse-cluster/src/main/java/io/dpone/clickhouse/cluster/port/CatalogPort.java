package io.dpone.clickhouse.cluster.port;

import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.List;

/**
 * The cluster catalog as typed facts (spec: "The catalog port returns typed facts rather than
 * policy"). Every method is one read over one connection; the per-member methods read every
 * member through {@code clusterAllReplicas} with {@code skip_unavailable_shards = 0}, so an
 * unreachable member fails the whole read instead of silently shrinking it. Admission,
 * coverage and readiness are decided by the pure contracts over these facts. Thread-safe.
 */
public interface CatalogPort {
    /** The {@code system.clusters} rows of {@code cluster}, sorted by shard and replica number. */
    CatalogRead<ClusterInventory> inventory(String cluster);

    /** One {@link MemberFacts} per answering member, in answer order; duplicates are kept. */
    CatalogRead<List<MemberFacts>> members(String cluster, TableRef target, TableRef candidate);

    /**
     * The candidate's {@code system.replicas} health and {@code count()} per answering member;
     * a member without exactly one replication row is left out (the barrier reports it missing).
     */
    CatalogRead<List<ReplicaHealth>> candidateHealth(String cluster, TableRef candidate);

    /**
     * The names of the tables in {@code database} starting with {@code prefix} on any member: the
     * sorted union over every member, duplicates removed. One unreachable member fails the read.
     */
    CatalogRead<List<String>> tableNames(String cluster, String database, String prefix);
}
