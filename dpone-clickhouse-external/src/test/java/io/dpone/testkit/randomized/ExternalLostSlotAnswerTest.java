package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

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
 * External mode answers a lost response to taking the slot the way internal mode does
 * ({@link LostSlotAnswerTest}): the write reached the authority and LOCKED may stand, so the
 * invocation ends in an {@code unknown} receipt (exit 7), never an exception (exit 3), and the
 * rerun of the same invocation continues from the record the lost write left (simulator evidence).
 */
class ExternalLostSlotAnswerTest {
    @Test
    void aLostAnswerToCreatingTheSlotEndsUnknownWithAReceiptAndTheRerunPublishes() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(41)
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
                    Step.call(PortCall.CONTROL_INSERT).kind(StatementKind.KEEPER_MAP_INSERT),
                    SimulatorFault.loseResponse());

            Attempt lost = driver.publish("w1", "nightly-A", 3);

            assertInstanceOf(Attempt.Receipt.class, lost, "a receipt (exit 7), never an exception (exit 3)");
            assertEquals(Optional.of(PublicationOutcome.UNKNOWN), lost.outcome(), lost.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN), lost.code());
            assertEquals(ExternalPhase.LOCKED, driver.record("nightly-A").phase(), "the lost write took effect");
            assertEquals(
                    0,
                    simulator.observe().calls().records().stream()
                            .filter(r -> r.call() == PortCall.DDL_DISPATCH)
                            .count(),
                    "no distributed DDL after a lost slot answer");

            Attempt rerun = driver.publish("w2", "nightly-A", 3);

            assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
            assertEquals(ExternalPhase.COMPLETED, driver.record("nightly-A").phase());
            assertEquals(List.of(), checker.violations());
        }
    }

    @Test
    void aLostAnswerToTakingOverAFinishedRecordEndsUnknownWithAReceiptAndTheRerunPublishes() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(42)
                .internalReplication(false)
                .build();
        InvariantChecker checker = ExternalInvariants.checker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        try (SimulatedExternalCluster cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE)) {
            ExternalDriver driver = new ExternalDriver(cluster);
            cluster.createDatabases(
                    PublicationDriver.TARGET.database(),
                    PublicationDriver.FACADE.control().database());
            assertEquals(
                    Optional.of(PublicationOutcome.COMMITTED),
                    driver.publish("w1", "nightly-A", 3).outcome());
            simulator.arm(
                    Step.call(PortCall.CONTROL_CAS)
                            .kind(StatementKind.KEEPER_MAP_CAS)
                            .nth(1),
                    SimulatorFault.loseResponse());

            Attempt lost = driver.publish("w2", "nightly-B", 4);

            assertInstanceOf(Attempt.Receipt.class, lost, "a receipt (exit 7), never an exception (exit 3)");
            assertEquals(Optional.of(PublicationOutcome.UNKNOWN), lost.outcome(), lost.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN), lost.code());
            assertEquals(ExternalPhase.LOCKED, driver.record("nightly-B").phase(), "the lost takeover took effect");

            Attempt rerun = driver.publish("w3", "nightly-B", 4);

            assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
            assertEquals(List.of(), checker.violations());
        }
    }
}
