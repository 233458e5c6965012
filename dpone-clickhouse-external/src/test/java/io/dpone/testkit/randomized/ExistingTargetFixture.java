package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.EngineSpec;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.TableSpec;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Two simulated external members (internal_replication = false) with an existing two-row target,
 * the external driver, and {@link InvariantChecker} watching every step.
 */
final class ExistingTargetFixture implements AutoCloseable {
    /** The shape of this fixture's candidates, for a test that lands one of them itself (a late {@code CREATE}). */
    static final TableSpec CANDIDATE_SHAPE = new TableSpec(
            List.of(ColumnSpec.of("id", "UInt64"), ColumnSpec.of("v", "String")),
            new EngineSpec.MergeTree("MergeTree", "id"));

    final ClusterSimulator simulator;
    final InvariantChecker checker;
    final SimulatedExternalCluster cluster;
    final ExternalDriver driver;

    ExistingTargetFixture(long seed) {
        simulator = ClusterSimulator.builder()
                .members(2)
                .seed(seed)
                .internalReplication(false)
                .build();
        checker = ExternalInvariants.checker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE);
        driver = new ExternalDriver(cluster);
        cluster.createDatabases(
                PublicationDriver.TARGET.database(),
                PublicationDriver.FACADE.control().database());
        cluster.createMergeTreeTable(PublicationDriver.TARGET, 2);
    }

    /**
     * {@code worker} runs {@code invocation} (3 rows) until member 2's candidate UUID is recorded
     * LOADING, and that member's {@code CREATE} does not land (not sent): the run stops PREPARED in
     * STAGING. Returns the recorded UUID.
     */
    UUID recordedWithoutItsCreate(String worker, String invocation) {
        simulator.arm(Step.call(PortCall.MEMBER_CREATE).member(1).nth(1), SimulatorFault.failBeforeSend());
        Attempt stopped = driver.publish(worker, invocation, 3);
        assertEquals(Optional.of(PublicationOutcome.PREPARED), stopped.outcome(), stopped.summary());
        return driver.record(invocation).payload().members().get(1).candidateUuid();
    }

    @Override
    public void close() {
        cluster.close();
    }
}
