package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * DEFECT found by the external randomized schedules (seed 62 of
 * {@link RandomizedExternalSchedulesTest}: a column of one member's target renamed right before
 * that member's candidate was created AS the target, so the member refused the insert with 16
 * NO_SUCH_COLUMN_IN_TABLE, a FATAL refusal), reproduced with one worker and two members.
 *
 * <p>A FATAL refusal of a member's insert is an unsupported ending: ABORTED after exact owned
 * cleanup. The member had already been recorded LOADING (one CAS) before its insert, but the abort
 * was handed the record version from before that CAS: it dropped every owned candidate (the other
 * member's proven one included), then its ABORTED write matched nothing and ended "authority
 * outcome unknown", leaving a STAGING record whose members' candidates were gone. Every abort after
 * an insert refusal failed that way. Expected: ABORTED after exact owned cleanup, artifact released.
 */
class AbortAfterLoadingTest {
    @Test
    void aFatalInsertRefusalAfterTheMemberWasRecordedLoadingEndsAborted() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(62)
                .internalReplication(false)
                .build();
        InvariantChecker checker = ExternalInvariants.checker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        try (SimulatedExternalCluster cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE)) {
            ExternalDriver driver = new ExternalDriver(cluster);
            cluster.createDatabases(
                    PublicationDriver.TARGET.database(),
                    PublicationDriver.FACADE.control().database());
            cluster.createMergeTreeTable(PublicationDriver.TARGET, 2);
            simulator.arm(
                    Step.call(PortCall.MEMBER_CREATE).member(1).nth(1),
                    SimulatorFault.admin(
                            "a column renamed on member 1",
                            admin -> admin.driftColumns(
                                    1,
                                    PublicationDriver.TARGET,
                                    List.of(ColumnSpec.of("id", "UInt64"), ColumnSpec.of("w", "String")))));

            Attempt attempt = driver.publish("w1", "nightly-A", 3);

            assertEquals(Optional.of(PublicationOutcome.ABORTED), attempt.outcome(), attempt.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED), attempt.code());
            ExternalRecord record = driver.record("nightly-A");
            assertEquals(ExternalPhase.ABORTED, record.phase());
            for (int member = 0; member < 2; member++) {
                assertEquals(
                        Optional.empty(),
                        cluster.uuid(member, driver.candidate("nightly-A")),
                        "owned candidate left on " + member);
            }
            assertTrue(
                    cluster.store()
                            .holders(record.payload().artifact().sha256())
                            .isEmpty(),
                    "released after ABORTED");
            assertEquals(List.of(), checker.violations());
        }
    }
}
