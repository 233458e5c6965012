package io.dpone.testkit.catalog;

import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RemoteServersLayout;

/** Real members whose remote_servers has the cluster lists one of the two running members: blocked with FEWER_THAN_TWO_REPLICAS. */
@ClickHouseCluster(members = 2, layout = RemoteServersLayout.FIRST_MEMBER_ONLY)
class RealOneReplicaAdmissionTest extends TopologyAdmissionScenario {
    RealOneReplicaAdmissionTest() {
        super(ClusterAdmission.Reason.FEWER_THAN_TWO_REPLICAS, DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED);
    }
}
