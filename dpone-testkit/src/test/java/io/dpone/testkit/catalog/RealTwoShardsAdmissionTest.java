package io.dpone.testkit.catalog;

import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RemoteServersLayout;

/** Real members whose remote_servers has every member in its own shard: blocked with MORE_THAN_ONE_SHARD. */
@ClickHouseCluster(members = 2, layout = RemoteServersLayout.SHARD_PER_MEMBER)
class RealTwoShardsAdmissionTest extends TopologyAdmissionScenario {
    RealTwoShardsAdmissionTest() {
        super(ClusterAdmission.Reason.MORE_THAN_ONE_SHARD, DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED);
    }
}
