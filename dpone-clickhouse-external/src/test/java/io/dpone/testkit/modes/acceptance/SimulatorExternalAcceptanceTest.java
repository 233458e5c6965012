package io.dpone.testkit.modes.acceptance;

import io.dpone.clickhouse.external.simulated.ExternalAcceptanceCluster;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.testkit.acceptance.AcceptanceReceipt;
import java.util.Set;

/**
 * External mode's acceptance scenarios on the deterministic simulator (no process, every CI run):
 * members with {@code internal_replication = false}, plain {@code MergeTree} tables, the
 * simulator's distributed-DDL queue and direct member sessions. Each scenario runs on a fresh
 * simulated cluster with a fixed seed; a failure prints the seed and the trace tail for replay.
 * Receipt: {@code target/acceptance/simulator-external-acceptance.json}. Runs every scenario.
 */
@AcceptanceReceipt(backend = "simulator", file = "simulator-external-acceptance.json", suite = "external-acceptance")
class SimulatorExternalAcceptanceTest extends ExternalAcceptanceContract {
    static final long SEED = Long.getLong("dpone.acceptance.seed", 20261130L);

    @Override
    protected Set<String> runs() {
        return names(ExternalScenarios.all());
    }

    @Override
    protected ExternalAcceptanceCluster start(int members) {
        return SimulatedExternalCluster.of(members, SEED, PublicationDriver.FACADE);
    }

    @Override
    protected void describeFailure(ExternalAcceptanceCluster cluster, Throwable failure) {
        System.err.println(((SimulatedExternalCluster) cluster)
                .simulator()
                .failure(failure)
                .getMessage());
    }
}
