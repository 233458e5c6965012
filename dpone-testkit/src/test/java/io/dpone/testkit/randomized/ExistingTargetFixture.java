package io.dpone.testkit.randomized;

import io.dpone.testkit.acceptance.ExternalDriver;
import io.dpone.testkit.acceptance.PublicationDriver;
import io.dpone.testkit.acceptance.SimulatedExternalCluster;
import io.dpone.testkit.simulator.ClusterSimulator;

/**
 * Two simulated external members (internal_replication = false) with an existing two-row target,
 * the external driver, and {@link ExternalInvariantChecker} watching every step.
 */
final class ExistingTargetFixture implements AutoCloseable {
    final ClusterSimulator simulator;
    final ExternalInvariantChecker checker;
    final SimulatedExternalCluster cluster;
    final ExternalDriver driver;

    ExistingTargetFixture(long seed) {
        simulator = ClusterSimulator.builder().members(2).seed(seed).internalReplication(false).build();
        checker = new ExternalInvariantChecker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE);
        driver = new ExternalDriver(cluster);
        cluster.createDatabases(PublicationDriver.TARGET.database(), PublicationDriver.FACADE.control().database());
        cluster.createMergeTreeTable(PublicationDriver.TARGET, 2);
    }

    @Override
    public void close() {
        cluster.close();
    }
}
