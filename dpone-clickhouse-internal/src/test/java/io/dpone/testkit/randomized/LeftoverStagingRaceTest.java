package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.WorkerOutcome;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 18, finding 1, the fifth permit-less statement (simulator evidence): a completed operation's
 * other attempt candidates are never dropped by name pattern (spec section 6: "No prefix, age, or
 * schema-wide sweep is part of this protocol"); they are listed in the receipt, and each attempt
 * removes only its own candidate, once it is provably unbound.
 *
 * <p>Red on main 0f041b0: two workers of one invocation; w1 freezes mid-staging (before its load) or
 * after staging (before taking the slot). w2 stages its own candidate, publishes, cleans up and, once
 * COMPLETED, dropped every {@code <target>__dpone_<operation>_<8 hex>} table but the record's: w1's
 * staging, under its feet (mid-staging, w1 then failed its load into a table that was gone).
 */
class LeftoverStagingRaceTest {
    private static final String INVOCATION = "nightly-A";

    @Test
    void aCompletedOperationNeverDropsTheStagingOfAWorkerPausedMidStaging() {
        Map<String, WorkerOutcome<Attempt>> outcomes = w1FrozenWhileW2Publishes(201, PortCall.LOAD);

        Attempt w1 = outcomes.get("w1").value();
        assertEquals(
                Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN),
                w1.code(),
                "w1 loaded its own candidate and found the target published meanwhile: " + w1.summary());
    }

    @Test
    void aWorkerPausedBeforeTakingTheSlotKeepsItsStagingUntilItsReadProvesItUnbound() {
        Map<String, WorkerOutcome<Attempt>> outcomes = w1FrozenWhileW2Publishes(202, PortCall.CONTROL_INSERT);

        Attempt w1 = outcomes.get("w1").value();
        assertEquals(
                Optional.of(PublicationOutcome.COMMITTED),
                w1.outcome(),
                "its slot write conflicted, its re-read showed the completed record naming w2's candidate: "
                        + w1.summary());
    }

    /**
     * w1 freezes at its first {@code call} until nothing else is left to run; w2 of the same invocation
     * publishes meanwhile. Whatever w1 ends in, w2 dropped none of its staging, w1 dropped its own
     * candidate once, and nothing of the operation's attempts is left.
     */
    private static Map<String, WorkerOutcome<Attempt>> w1FrozenWhileW2Publishes(long seed, PortCall call) {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, seed);
        sim.simulator.arm(Step.call(call).worker("w1"), SimulatorFault.pauseWorker());
        Map<String, WorkerOutcome<Attempt>> outcomes = sim.simulator.run(List.of(
                new ClusterSimulator.Worker<>(
                        sim.simulator.worker("w1", 0), ports -> InternalRuns.attempt(sim.driver, ports, INVOCATION, 4)),
                new ClusterSimulator.Worker<>(sim.simulator.worker("w2", 1), ports -> {
                    ports.sleeper().sleep(Duration.ofMillis(150)); // after w1 bootstrapped the control facade
                    return InternalRuns.attempt(sim.driver, ports, INVOCATION, 4);
                })));
        assertEquals(0, discardsBy(sim, "w2"), "w2 never drops another attempt's staging");
        Attempt w2 = outcomes.get("w2").value();
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), w2.outcome(), w2.summary());
        assertEquals(1, discardsBy(sim, "w1"), "w1 removed its own candidate, and only once");
        for (int member = 0; member < 2; member++) {
            assertEquals(
                    Set.of(), sim.driver.attemptCandidates(member, INVOCATION), "nothing left on member " + member);
        }
        assertEquals(1, sim.dispatches(StatementKind.DDL_EXCHANGE).size());
        assertEquals(List.of(), sim.checker.violations(), sim.checker.traceAtFirstViolation());
        return outcomes;
    }

    private static long discardsBy(ServiceOnSimulator sim, String worker) {
        return sim.simulator.observe().calls().records().stream()
                .filter(r -> r.worker().equals(worker) && r.kind() == StatementKind.DDL_DISCARD_STAGING)
                .count();
    }
}
