package io.dpone.testkit.catalog;

import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RemoteServersLayout;

/** Real members whose remote_servers has one member listed twice (real servers number replicas by position, so this is the real form of a duplicate): blocked with DUPLICATE_ENDPOINT. */
@ClickHouseCluster(members = 2, layout = RemoteServersLayout.FIRST_MEMBER_TWICE)
class RealDuplicateEndpointAdmissionTest extends TopologyAdmissionScenario {
    RealDuplicateEndpointAdmissionTest() {
        super(ClusterAdmission.Reason.DUPLICATE_ENDPOINT, DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE);
    }
}
