package io.dpone.testkit.modes.acceptance;

import io.dpone.clickhouse.internal.simulated.AcceptanceCluster;
import io.dpone.clickhouse.internal.simulated.InternalScenarios;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.testkit.acceptance.AcceptanceReceipt;
import io.dpone.testkit.acceptance.AcceptanceScenario;
import io.dpone.testkit.simulator.ClusterSimulator;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The acceptance scenarios on the deterministic simulator (no process, every CI run). Each
 * scenario runs on a fresh simulated cluster with a fixed seed; a failure prints the seed and the
 * trace tail for replay ({@code docs/testkit/simulator.md}). Receipt:
 * {@code target/acceptance/simulator-acceptance.json}.
 *
 * <p>Runs every scenario written for a cluster with a distributed-DDL worker. The simulated
 * members always run one, so {@code capability-missing} (a cluster without it) is replaced by the
 * proof that the capability is there: the probe binds and a publication commits.
 */
@AcceptanceReceipt(backend = "simulator", file = "simulator-acceptance.json")
class SimulatorAcceptanceTest extends InternalAcceptanceContract {
    static final long SEED = Long.getLong("dpone.acceptance.seed", 20261130L);

    @Override
    protected Set<String> runs() {
        return names(InternalScenarios.withDdlWorker());
    }

    @Override
    protected AcceptanceCluster start(int members) {
        return new SimulatedCluster(
                ClusterSimulator.builder().members(members).seed(SEED).build(), PublicationDriver.FACADE);
    }

    @Override
    protected void describeFailure(AcceptanceCluster cluster, Throwable failure) {
        System.err.println(
                ((SimulatedCluster) cluster).simulator().failure(failure).getMessage());
    }

    @Override
    @Test
    @AcceptanceScenario("capability-missing")
    protected void withoutADdlWorkerPublishFailsClosedAtAdmissionAndChangesNothing(TestInfo test) {
        proveCapability(test);
    }
}
