package io.dpone.testkit.clickhouse.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.clickhouse.scenarios.ClusterTopologyScenarios;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.RunningCluster;
import org.junit.jupiter.api.Test;

@ClickHouseCluster(members = 2, backend = LocalProcessBackend.NAME)
class LocalClusterTopologyTest extends ClusterTopologyScenarios {

    /**
     * Local backend only: clickhouse-local replaces the config's level with its {@code --log-level}
     * (default trace), so the launcher passes information. 26.7 lists {@code logger.level} in
     * {@code system.server_settings}; 24.8 (Docker) has no logger rows and takes the level from
     * the config as every clickhouse-server does.
     */
    @Test
    void membersLogAtTheConfiguredLevel(RunningCluster cluster) {
        for (ClusterMember member : cluster.members()) {
            assertEquals(
                    "information",
                    member.client(cluster.admin())
                            .query("SELECT value FROM system.server_settings WHERE name = 'logger.level'"),
                    "fixtures/clickhouse/node.xml sets information; a node at trace costs CPU on every query");
        }
    }
}
