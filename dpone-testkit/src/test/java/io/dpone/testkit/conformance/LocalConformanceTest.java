package io.dpone.testkit.conformance;

import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.clickhouse.local.LocalProcessBackend;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The cluster semantics on the local real harness (ClickHouse 26.7 via libchdb, two members, one
 * ZooKeeper), through the real adapters. Distributed DDL and replication are not here: the harness
 * has neither (docs/testkit/real-clickhouse.md); {@link DockerDistributedDdlConformanceTest} covers them.
 */
@ClickHouseCluster(members = 2, backend = LocalProcessBackend.NAME)
class LocalConformanceTest extends ClusterSemanticsConformance {
    private RealBackend backend;

    @BeforeEach
    void realBackend(RunningCluster cluster, TestDatabase database) {
        backend = new RealBackend(cluster, database);
    }

    @AfterEach
    void closeTransports() throws Exception {
        backend.close();
    }

    @Override
    protected ConformanceBackend backend() {
        return backend;
    }
}
