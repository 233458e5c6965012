package io.dpone.testkit.clickhouse.local;

import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.clickhouse.scenarios.ClusterTopologyScenarios;

@ClickHouseCluster(members = 2, backend = LocalProcessBackend.NAME)
class LocalClusterTopologyTest extends ClusterTopologyScenarios {
}
