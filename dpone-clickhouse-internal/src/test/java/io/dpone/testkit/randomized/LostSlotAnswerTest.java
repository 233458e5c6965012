package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * "A lost answer to any authority write ends the invocation as unknown" (internal-mode.md), for
 * the write that takes the slot too (simulator evidence): a receipt, not an exception, no dispatch,
 * and the rerun continues from the record the lost write left.
 */
class LostSlotAnswerTest {
    @Test
    void aLostAnswerToTakingTheSlotEndsUnknownWithAReceiptAndTheRerunPublishes() {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, 31);
        sim.simulator.arm(
                Step.call(PortCall.CONTROL_INSERT).kind(StatementKind.KEEPER_MAP_INSERT),
                SimulatorFault.loseResponse());

        Attempt lost = sim.publish("w1", 0, "nightly-A");

        assertInstanceOf(Attempt.Receipt.class, lost, "a receipt (exit 7), never an exception (exit 3)");
        assertEquals(Optional.of(PublicationOutcome.UNKNOWN), lost.outcome(), lost.summary());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN), lost.code());
        assertEquals(0, sim.dispatches(StatementKind.DDL_EXCHANGE).size(), "no dispatch after a lost slot answer");

        Attempt rerun = sim.publish("w2", 1, "nightly-A");

        assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
        assertEquals(1, sim.dispatches(StatementKind.DDL_EXCHANGE).size());
        assertEquals(List.of(), sim.checker.violations());
    }
}
