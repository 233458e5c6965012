package io.dpone.testkit.catalog;

import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;

/** Real members whose remote_servers has internal_replication = false: blocked with INTERNAL_REPLICATION_DISABLED. */
@ClickHouseCluster(members = 2, internalReplication = false)
class RealWrongInternalReplicationAdmissionTest extends TopologyAdmissionScenario {
    RealWrongInternalReplicationAdmissionTest() {
        super(
                ClusterAdmission.Reason.INTERNAL_REPLICATION_DISABLED,
                DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED);
    }
}
