package io.dpone.testkit.clickhouse.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.RunningCluster;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Topology facts every backend must show, written once; subclasses pick the backend with
 * {@code @ClickHouseCluster(members = 2, backend = ...)}.
 */
public abstract class ClusterTopologyScenarios {

    @Test
    void membersListEachOtherWithTheirOwnEndpointLocal(RunningCluster cluster) {
        String name = cluster.spec().clusterName();
        for (ClusterMember member : cluster.members()) {
            String rows = member.client(cluster.admin())
                    .query("SELECT replica_num, is_local FROM system.clusters WHERE cluster = '" + name
                            + "' ORDER BY replica_num");
            StringBuilder expected = new StringBuilder();
            for (int i = 0; i < cluster.members().size(); i++) {
                expected.append(i + 1)
                        .append('\t')
                        .append(i == member.index() ? 1 : 0)
                        .append('\n');
            }
            assertEquals(expected.toString().strip(), rows, "system.clusters as seen by " + member.replicaName());
        }
    }

    @Test
    void macrosDifferPerMember(RunningCluster cluster) {
        List<String> replicas = cluster.members().stream()
                .map(member -> member.client(cluster.admin()).query("SELECT getMacro('replica')"))
                .toList();
        assertEquals(List.of("r1", "r2"), replicas);
        assertEquals(
                cluster.member(0).client(cluster.admin()).query("SELECT getMacro('shard')"),
                cluster.member(1).client(cluster.admin()).query("SELECT getMacro('shard')"));
        assertNotEquals(replicas.get(0), replicas.get(1));
    }

    @Test
    void clusterAllReplicasReadsEveryMember(RunningCluster cluster) {
        String name = cluster.spec().clusterName();
        for (ClusterMember member : cluster.members()) {
            String replicas = member.client(cluster.admin())
                    .query("SELECT arrayStringConcat(arraySort(groupArray(getMacro('replica'))), ',')"
                            + " FROM clusterAllReplicas('" + name + "', system.one)");
            assertEquals("r1,r2", replicas);
        }
    }

    @Test
    void eachTestGetsItsOwnDatabasesOnEveryMember(
            RunningCluster cluster, io.dpone.testkit.cluster.TestDatabase database) {
        for (ClusterMember member : cluster.members()) {
            String found = member.client(cluster.admin())
                    .query("SELECT name, engine FROM system.databases WHERE name IN ('" + database.target() + "', '"
                            + database.control() + "') ORDER BY name");
            assertEquals(database.control() + "\tAtomic\n" + database.target() + "\tAtomic", found);
            assertEquals(
                    "0",
                    member.client(cluster.admin())
                            .query("SELECT count() FROM system.tables WHERE database = '" + database.target() + "'"));
        }
    }

    /**
     * Each member runs the rendered {@code node.xml}: two of its values that differ from the
     * server defaults, read from {@code system.server_settings}, which lists both on 26.7 and
     * 24.8 (logger.* rows exist only in later versions; the local backend's log level is checked
     * in {@code LocalClusterTopologyTest}).
     */
    @Test
    void membersRunTheRenderedConfig(RunningCluster cluster) {
        for (ClusterMember member : cluster.members()) {
            assertEquals(
                    "mark_cache_size\t67108864\nmax_server_memory_usage_to_ram_ratio\t0.5",
                    member.client(cluster.admin())
                            .query(
                                    "SELECT name, value FROM system.server_settings"
                                            + " WHERE name IN ('mark_cache_size', 'max_server_memory_usage_to_ram_ratio') ORDER BY name"),
                    "fixtures/clickhouse/node.xml as seen by " + member.replicaName());
        }
    }
}
