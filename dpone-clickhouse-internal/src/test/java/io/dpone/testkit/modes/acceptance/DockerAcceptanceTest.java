package io.dpone.testkit.modes.acceptance;

import io.dpone.clickhouse.internal.simulated.AcceptanceCluster;
import io.dpone.clickhouse.internal.simulated.InternalScenarios;
import io.dpone.testkit.acceptance.AcceptanceReceipt;
import io.dpone.testkit.acceptance.AcceptanceScenario;
import io.dpone.testkit.acceptance.QueueHazard;
import io.dpone.testkit.clickhouse.docker.TestcontainersBackend;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The acceptance scenarios on pinned ClickHouse 24.8 containers ({@link DockerAcceptanceCluster}):
 * two members (three for the drift-before-dispatch scenarios) and one Keeper, started once per
 * member count for the class; each scenario gets a fresh namespace (target and control databases
 * with the publication principal's grants, its own Keeper root) and leaves the cluster idle. Runs
 * only with Docker: {@code scripts/test-docker}, or the {@code docker-acceptance} CI job. Receipt:
 * {@code target/acceptance/internal-acceptance.json}. Never run so far (docs/testkit/real-clickhouse.md).
 *
 * <p>Two scenario tests are replaced, each by a test that can fail:
 * <ul>
 *   <li>{@code drift-membership-before-dispatch}: membership is the servers' {@code remote_servers},
 *       rendered once when the containers start, so the harness cannot change it under running
 *       members; the test runs the scenario up to the drift and asserts the refusal.</li>
 *   <li>{@code capability-missing}: these members run a distributed-DDL worker, so the test proves
 *       the capability instead (the probe binds one entry and a publication commits).</li>
 * </ul>
 *
 * <p>{@code queue-evidence-hazards} runs here with its duplicate-entry sub-case only; the scenario
 * itself asserts that this backend refuses every other hazard ({@link QueueHazard}), which a real
 * server produces only on its own schedule or configuration reload, or not at all.
 *
 * <p>None of these three green tests is a pass of its scenario: the receipt says
 * {@code not_run_on_product}, {@code replaced} and {@code partial} and counts them apart
 * (docs/testkit/acceptance.md, "The receipt").
 */
@Tag("docker")
@AcceptanceReceipt(backend = TestcontainersBackend.NAME, file = "internal-acceptance.json")
class DockerAcceptanceTest extends InternalAcceptanceContract {
    private static final SharedClusters CLUSTERS = new SharedClusters(new TestcontainersBackend());

    @Override
    protected Set<String> runs() {
        Set<String> runs = new TreeSet<>(names(InternalScenarios.withDdlWorker()));
        runs.remove("drift-membership-before-dispatch");
        return runs;
    }

    @Override
    protected AcceptanceCluster start(int members) {
        return new DockerAcceptanceCluster(CLUSTERS.of(members));
    }

    @AfterAll
    static void stopClusters() {
        CLUSTERS.close();
    }

    @Override
    @Test
    @AcceptanceScenario("drift-membership-before-dispatch")
    protected void membershipDriftAfterPreparedIsNeverDispatched(TestInfo test) {
        runExpectingUnsupported(test);
    }

    @Override
    @Test
    @AcceptanceScenario("capability-missing")
    protected void withoutADdlWorkerPublishFailsClosedAtAdmissionAndChangesNothing(TestInfo test) {
        proveCapability(test);
    }
}
