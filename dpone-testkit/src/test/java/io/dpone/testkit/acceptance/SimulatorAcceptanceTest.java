package io.dpone.testkit.acceptance;

import io.dpone.testkit.simulator.ClusterSimulator;

/**
 * The acceptance scenarios on the deterministic simulator (no process, every CI run). Each
 * scenario runs on a fresh simulated cluster with a fixed seed; a failure prints the seed and the
 * trace tail for replay ({@code docs/testkit/simulator.md}).
 */
class SimulatorAcceptanceTest extends InternalAcceptanceContract {
    static final long SEED = Long.getLong("dpone.acceptance.seed", 20261130L);

    @Override
    protected AcceptanceCluster start(int members) {
        return new SimulatedCluster(ClusterSimulator.builder().members(members).seed(SEED).build(), PublicationDriver.FACADE);
    }

    @Override
    protected void describeFailure(AcceptanceCluster cluster, Throwable failure) {
        System.err.println(((SimulatedCluster) cluster).simulator().failure(failure).getMessage());
    }
}
