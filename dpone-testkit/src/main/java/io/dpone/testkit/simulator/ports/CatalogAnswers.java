package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.world.SimDatabase;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.SimTable;
import io.dpone.testkit.simulator.world.World;
import java.util.ArrayList;
import java.util.List;

/**
 * What the catalog reads return from each member, in the raw shapes the real server answers:
 * {@code system.clusters} rows, the member read's flat tagged records (fed to the adapter's own
 * {@code MemberAnswers}), and the candidate's replication facts. Pure reads of the world.
 */
final class CatalogAnswers {
    private CatalogAnswers() {}

    /** {@code system.clusters} of {@code cluster} as {@code viewer} loads it, sorted by shard and replica. */
    static List<ClusterMember> inventory(World world, String cluster) {
        List<ClusterMember> rows = new ArrayList<>();
        List<SimMember> configured = world.configured(cluster);
        for (int i = 0; i < configured.size(); i++) {
            SimMember member = configured.get(i);
            rows.add(new ClusterMember(
                    cluster,
                    1,
                    i + 1,
                    member.endpoint.host(),
                    member.hostAddress,
                    member.endpoint.port(),
                    world.internalReplication()));
        }
        return rows;
    }

    /** The member view's records ({@code CatalogQueries.members}): identity, database, tables, columns, replicas, version. */
    static List<String> memberRecords(
            World world, String cluster, SimMember member, TableRef target, TableRef candidate) {
        List<String> flat = new ArrayList<>();
        List<SimMember> configured = world.configured(cluster);
        int position = configured.indexOf(member);
        if (position >= 0) {
            add(
                    flat,
                    "member",
                    member.endpoint.host(),
                    Integer.toString(member.endpoint.port()),
                    "1",
                    Integer.toString(position + 1));
        }
        add(flat, "version", member.serverVersion);
        SimDatabase db = member.databases.get(target.database());
        if (db == null) {
            return flat;
        }
        add(flat, "database", db.engine);
        for (String name : List.of(target.table(), candidate.table())) {
            SimTable table = db.tables.get(name);
            if (table == null) {
                continue;
            }
            add(flat, "table", name, table.uuid.toString(), table.engineFull);
            for (int i = 0; i < table.columns.size(); i++) {
                ColumnSpec column = table.columns.get(i);
                add(
                        flat,
                        "column",
                        name,
                        Integer.toString(i + 1),
                        column.name(),
                        column.type(),
                        column.defaultKind(),
                        column.defaultExpression(),
                        column.codec());
            }
            if (table.replicated()) {
                add(flat, "replica", name, table.replicaName, "default", table.zookeeperPath);
            }
        }
        return flat;
    }

    /** The candidate's replication facts on {@code member}, when it has exactly one replication row. */
    static ReplicaHealth health(World world, SimMember member, SimTable candidate) {
        return world.replication().health(member, candidate);
    }

    private static void add(List<String> flat, String... fields) {
        flat.addAll(List.of(fields));
    }
}
