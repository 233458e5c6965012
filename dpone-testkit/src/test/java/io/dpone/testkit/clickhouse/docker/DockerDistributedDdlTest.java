package io.dpone.testkit.clickhouse.docker;

import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.clickhouse.scenarios.DistributedDdlScenarios;
import org.junit.jupiter.api.Tag;

/** Only the pinned ClickHouse 24.8 containers can show these; needs Docker ({@code scripts/test-docker}). */
@Tag("docker")
@ClickHouseCluster(members = 2, backend = TestcontainersBackend.NAME)
class DockerDistributedDdlTest extends DistributedDdlScenarios {}
