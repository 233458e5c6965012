package io.dpone.testkit.conformance;

import io.dpone.testkit.clickhouse.docker.TestcontainersBackend;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;

/** The core cluster semantics on pinned ClickHouse 24.8 containers; needs Docker ({@code mvn -Pdocker verify}). */
@Tag("docker")
@ClickHouseCluster(members = 2, backend = TestcontainersBackend.NAME)
class DockerConformanceTest extends ClusterSemanticsConformance {
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
