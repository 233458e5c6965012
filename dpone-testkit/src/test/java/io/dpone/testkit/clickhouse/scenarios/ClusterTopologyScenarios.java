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
            String rows = member.client(cluster.admin()).query(
                    "SELECT replica_num, is_local FROM system.clusters WHERE cluster = '" + name + "' ORDER BY replica_num");
            StringBuilder expected = new StringBuilder();
            for (int i = 0; i < cluster.members().size(); i++) {
                expected.append(i + 1).append('\t').append(i == member.index() ? 1 : 0).append('\n');
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
        assertEquals(cluster.member(0).client(cluster.admin()).query("SELECT getMacro('shard')"),
                cluster.member(1).client(cluster.admin()).query("SELECT getMacro('shard')"));
        assertNotEquals(replicas.get(0), replicas.get(1));
    }

    @Test
    void clusterAllReplicasReadsEveryMember(RunningCluster cluster) {
        String name = cluster.spec().clusterName();
        for (ClusterMember member : cluster.members()) {
            String replicas = member.client(cluster.admin()).query(
                    "SELECT arrayStringConcat(arraySort(groupArray(getMacro('replica'))), ',')"
                            + " FROM clusterAllReplicas('" + name + "', system.one)");
            assertEquals("r1,r2", replicas);
        }
    }

    @Test
    void eachTestGetsItsOwnDatabasesOnEveryMember(RunningCluster cluster, io.dpone.testkit.cluster.TestDatabase database) {
        for (ClusterMember member : cluster.members()) {
            String found = member.client(cluster.admin()).query("SELECT name, engine FROM system.databases WHERE name IN ('"
                    + database.target() + "', '" + database.control() + "') ORDER BY name");
            assertEquals(database.control() + "\tAtomic\n" + database.target() + "\tAtomic", found);
            assertEquals("0", member.client(cluster.admin()).query(
                    "SELECT count() FROM system.tables WHERE database = '" + database.target() + "'"));
        }
    }

    @Test
    void membersLogAtTheConfiguredLevel(RunningCluster cluster) {
        for (ClusterMember member : cluster.members()) {
            assertEquals("information", member.client(cluster.admin()).query(
                    "SELECT value FROM system.server_settings WHERE name = 'logger.level'"),
                    "fixtures/clickhouse/node.xml sets information; a node at trace costs CPU on every query");
        }
    }
}
