package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
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
 * DEFECT found by the randomized schedules (seed 436 of {@link RandomizedPublicationSchedulesTest}),
 * reproduced on the simulator with one worker: when the PREPARED -> DISPATCHING CAS provably does not
 * reach the server ({@code failBeforeSend}), the authority reports a conflict, the re-read shows the
 * same operation still PREPARED, the publication flow takes that for "another worker won the CAS",
 * reconciles a PREPARED record as if dispatched and hands it to the cleanup flow, which dereferences
 * the absent publication DDL: the invocation ends in a {@code NullPointerException} instead of a
 * receipt. Nothing is sent (no safety invariant breaks), but the host gets no receipt.
 */
class DispatchCasNotSentTest {
    @Test
    void aDispatchCasThatWasNotSentEndsInAReceipt() {
        ClusterSimulator simulator =
                ClusterSimulator.builder().members(2).seed(436).build();
        InvariantChecker checker = InternalInvariants.checker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        SimulatedCluster cluster = new SimulatedCluster(simulator, PublicationDriver.FACADE);
        PublicationDriver driver = new PublicationDriver(cluster);
        cluster.createDatabases(
                PublicationDriver.TARGET.database(),
                PublicationDriver.FACADE.control().database());
        cluster.createReplicatedTable(PublicationDriver.TARGET, 3);
        simulator.arm(
                Step.call(PortCall.CONTROL_CAS).kind(StatementKind.KEEPER_MAP_CAS), SimulatorFault.failBeforeSend());

        Attempt attempt = InternalRuns.attempt(driver, simulator.worker("w1"), "nightly-A", 3);

        System.out.println(attempt.summary());
        assertEquals(Optional.of(PublicationOutcome.PREPARED), attempt.outcome(), "a receipt, still PREPARED");
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT), attempt.code(), "code");
        assertEquals(0L, simulator.observe().calls().count(StatementKind.DDL_EXCHANGE), "no publication DDL");
        assertEquals(List.of(), checker.violations());
    }
}
