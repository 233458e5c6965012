package io.dpone.testkit.modes.acceptance;

import io.dpone.clickhouse.external.simulated.ExternalAcceptanceCluster;
import io.dpone.testkit.acceptance.AcceptanceReceipt;
import io.dpone.testkit.clickhouse.docker.TestcontainersBackend;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;

/**
 * External mode's acceptance scenarios on pinned ClickHouse 24.8 containers
 * ({@link DockerExternalAcceptanceCluster}): two members started with {@code internal_replication
 * = false} and one Keeper, started once for the class; each scenario gets a fresh namespace and
 * leaves the cluster idle. Every scenario runs here: the real distributed-DDL queue is what the
 * lost-answer, slow-member and terminal-error scenarios need. Runs only with Docker:
 * {@code scripts/test-docker}, or the {@code docker-acceptance} CI job. Receipt:
 * {@code target/acceptance/external-acceptance.json}. Never run so far (no Docker engine on the
 * machines this was written on; docs/testkit/acceptance.md).
 */
@Tag("docker")
@AcceptanceReceipt(
        backend = TestcontainersBackend.NAME,
        file = "external-acceptance.json",
        suite = "external-acceptance")
class DockerExternalAcceptanceTest extends ExternalAcceptanceContract {
    private static final SharedClusters CLUSTERS = new SharedClusters(new TestcontainersBackend(), false);

    @Override
    protected Set<String> runs() {
        return names(ExternalScenarios.all());
    }

    @Override
    protected ExternalAcceptanceCluster start(int members) {
        return new DockerExternalAcceptanceCluster(CLUSTERS.of(members));
    }

    @AfterAll
    static void stopClusters() {
        CLUSTERS.close();
    }
}
