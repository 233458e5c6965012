package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.external.authority.ExternalPhase;
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
 * DEFECT found by the external randomized schedules (seed 3080 of
 * {@link RandomizedExternalSchedulesTest}: one worker, the answer of one member's row count lost),
 * reproduced with one worker: the revalidation before dispatch reported a row count it could not
 * read as CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED, "the candidate no longer holds the staged
 * row count" — an operator-required code and a claim nothing supported. Nothing was sent, and a
 * rerun would have published. Expected: an unreadable member read before dispatch ends the run
 * prepared with CLICKHOUSE_CLUSTER_STAGING_FAILED (run the same invocation again), and the rerun
 * publishes.
 */
class UnreadableRowCountTest {
    @Test
    void aRowCountThatCouldNotBeReadBeforeDispatchIsNotDivergence() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(3)
                .seed(3080)
                .internalReplication(false)
                .build();
        InvariantChecker checker = ExternalInvariants.checker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        try (SimulatedExternalCluster cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE)) {
            ExternalDriver driver = new ExternalDriver(cluster);
            cluster.createDatabases(
                    PublicationDriver.TARGET.database(),
                    PublicationDriver.FACADE.control().database());
            cluster.createMergeTreeTable(PublicationDriver.TARGET, 0);
            simulator.arm(Step.call(PortCall.MEMBER_ROW_COUNT).nth(2), SimulatorFault.loseResponse());

            Attempt stopped = driver.publish("w1", "nightly-A", 2);

            assertEquals(Optional.of(PublicationOutcome.PREPARED), stopped.outcome(), stopped.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED), stopped.code());
            assertEquals(ExternalPhase.STAGED, driver.record("nightly-A").phase());
            assertEquals(0L, simulator.observe().calls().count(StatementKind.DDL_EXCHANGE), "nothing sent");
            Attempt rerun = driver.publish("w2", "nightly-A", 2);
            assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
            assertEquals(List.of(), checker.violations());
        }
    }
}
