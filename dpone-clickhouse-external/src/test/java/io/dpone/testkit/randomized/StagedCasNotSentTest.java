package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
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
 * DEFECT found by the external randomized schedules (seed 70 of
 * {@link RandomizedExternalSchedulesTest}), reproduced on the simulator with one worker and two
 * members: when the STAGING -> STAGED CAS provably does not reach the server ({@code failBeforeSend}),
 * the re-read shows the same operation still STAGING, yet the staging flow released the retained
 * artifact as if STAGED had been written, then went round again, reopened the artifact it had just
 * deleted and ended with CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY. From then on every run of
 * the invocation failed the same way: the operation was stuck in STAGING for good. Nothing unsafe
 * was sent, but the reference says the artifact is released only after the verified STAGED write.
 */
class StagedCasNotSentTest {
    /** CASes of an absent target on two members: LOCKED->STAGING, LOADING and READY per member, then STAGED. */
    private static final int STAGED_CAS = 6;

    @Test
    void aStagedCasThatWasNotSentKeepsTheArtifactAndTheSameInvocationPublishes() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(70)
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
                    SimulatorFault.failBeforeSend());

            Attempt attempt = driver.publish("w1", "nightly-A", 3);

            assertEquals(Optional.of(PublicationOutcome.COMMITTED), attempt.outcome(), attempt.summary());
            ExternalRecord record = driver.record("nightly-A");
            assertEquals(ExternalPhase.COMPLETED, record.phase());
            assertTrue(
                    cluster.store()
                            .holders(record.payload().artifact().sha256())
                            .isEmpty(),
                    "released after STAGED");
            assertEquals(1L, simulator.observe().calls().count(StatementKind.DDL_RENAME), "one RENAME");
            assertEquals(List.of(), checker.violations());
        }
    }
}
