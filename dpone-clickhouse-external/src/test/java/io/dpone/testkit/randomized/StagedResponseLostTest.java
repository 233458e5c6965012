package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * DEFECT found while writing the external schedules' fault vocabulary (by reading the flow, then
 * reproduced on the simulator with one worker): when the STAGING -> STAGED CAS took effect but its
 * answer was lost, the invocation rightly stopped (authority outcome unknown); the rerun found the
 * record STAGED and went on to publish, but only the STAGED write itself released the retained
 * artifact, so it stayed in the store for good, held by an operation that had long completed.
 * Expected: an operation past STAGED holds no artifact.
 */
class StagedResponseLostTest {
    /** CASes of an absent target on two members: LOCKED->STAGING, LOADING and READY per member, then STAGED. */
    private static final int STAGED_CAS = 6;

    @Test
    void anArtifactIsReleasedOnceTheOperationIsPastStagedEvenWhenTheStagedAnswerWasLost() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(6)
                .internalReplication(false)
                .build();
        InvariantChecker checker = ExternalInvariants.checker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        try (SimulatedExternalCluster cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE)) {
            ExternalDriver driver = new ExternalDriver(cluster);
            cluster.createDatabases(
                    PublicationDriver.TARGET.database(),
                    PublicationDriver.FACADE.control().database());
            simulator.arm(
                    Step.call(PortCall.CONTROL_CAS)
                            .kind(StatementKind.KEEPER_MAP_CAS)
                            .nth(STAGED_CAS),
                    SimulatorFault.loseResponse());

            Attempt lost = driver.publish("w1", "nightly-A", 3);
            assertEquals(Optional.of(PublicationOutcome.UNKNOWN), lost.outcome(), lost.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN), lost.code());
            assertEquals(ExternalPhase.STAGED, driver.record("nightly-A").phase());
            Attempt rerun = driver.publish("w2", "nightly-A", 3);

            assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
            ExternalRecord record = driver.record("nightly-A");
            assertTrue(
                    cluster.store()
                            .holders(record.payload().artifact().sha256())
                            .isEmpty(),
                    "released once past STAGED");
            assertTrue(
                    cluster.store().find(record.payload().artifact().sha256()).isEmpty(), "and deleted");
            assertEquals(List.of(), checker.violations());
        }
    }
}
