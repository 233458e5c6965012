package io.dpone.testkit.clickhouse.docker;

import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.clickhouse.scenarios.MemberFaultScenarios;
import org.junit.jupiter.api.Tag;

/** The same scenarios on pinned ClickHouse 24.8 containers; needs Docker ({@code scripts/test-docker}). */
@Tag("docker")
@ClickHouseCluster(members = 2, backend = TestcontainersBackend.NAME)
class DockerMemberFaultTest extends MemberFaultScenarios {}
