package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.testkit.schedule.OutcomeClass;
import io.dpone.testkit.schedule.Schedule;
import io.dpone.testkit.schedule.ScheduleResult;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The external cleanup drop's re-decision (issue 19; {@code Cleanup.drop} with {@code ExternalCleanupDriver}'s
 * driver), as one deterministic schedule on the simulator (simulator evidence: two members, an existing target). It was only ever
 * found by randomized seed 1336, whose schedule has changed since.
 *
 * <p>w1 publishes; member 1's host fails the cleanup {@code DROP} terminally and w1 dies right after
 * sending it, so the record is CLEANUP_DISPATCHING with an unbound drop. w2 (the same invocation)
 * binds that drop (version V), finds it terminal with member 1's predecessor left and decides to
 * redispatch; it freezes right before the CAS that persists the old drop's receipt. w3 reads V,
 * decides the same, persists the receipt, opens a fresh cleanup epoch E2 with its permit and freezes
 * right before sending its {@code DROP}. w2 wakes: its receipt CAS loses to w3's writes and the
 * re-read shows the same operation.
 *
 * <p>Red on main c884450 with the re-decision reverted (w2 going on from the re-read version, as
 * before 62ab861): w2 opened a second epoch E3 over w3's, sent its DROP and completed, and w3's
 * permitted DROP then reached the server carrying E2, a token the record no longer held (invariant
 * 2: "cleanup DROP while the record is COMPLETED without this cleanup token"). With the re-decision,
 * w2 decides again on w3's record, waits for w3's entry ({@code TakeoverWait}) and binds it: one
 * drop per epoch, each sent under the record's own token.
 */
class CleanupRedecisionRaceTest {
    @Test
    void aWorkerWhoseReceiptWriteLostToAnotherWorkersEpochNeverOpensASecondOne() {
        ScheduleResult result = ExternalRuns.run(race());

        assertEquals(List.of(), result.violations(), result.schedule() + "\n" + result.traceTail());
        assertEquals(OutcomeClass.COMMITTED, result.outcome(), result.schedule() + "\n" + result.traceTail());
    }

    private static Schedule race() {
        Step.Call drop = Step.call(PortCall.DDL_DISPATCH).kind(StatementKind.DDL_DROP);
        return new Schedule(
                1336,
                2,
                3,
                Schedule.Facade.PRESENT,
                0,
                List.of(
                        new Schedule.WorkerPlan("w1", 0, Schedule.PRIMARY, 2),
                        new Schedule.WorkerPlan("w2", 1, Schedule.PRIMARY, 2),
                        new Schedule.WorkerPlan("w3", 0, Schedule.PRIMARY, 2)),
                List.of(
                        new Schedule.PlannedFault(
                                "member 1's host fails the first cleanup drop",
                                Step.hostExecutes(1, StatementKind.DDL_DROP),
                                sim -> SimulatorFault.hostError(999, "KEEPER_EXCEPTION", "Keeper lost")),
                        new Schedule.PlannedFault(
                                "w1 dies right after sending its drop",
                                drop.worker("w1").afterEffect(),
                                sim -> SimulatorFault.crashWorker()),
                        new Schedule.PlannedFault(
                                "w2 starts when w1 is gone",
                                Step.anyCall().worker("w2").nth(1),
                                sim -> SimulatorFault.pauseWorker(Duration.ofSeconds(120))),
                        new Schedule.PlannedFault(
                                "w3 starts after w2 bound the drop",
                                Step.anyCall().worker("w3").nth(1),
                                sim -> SimulatorFault.pauseWorker(Duration.ofSeconds(125))),
                        new Schedule.PlannedFault(
                                "w2 freezes before persisting the old drop's receipt",
                                Step.call(PortCall.CONTROL_CAS).worker("w2").nth(2),
                                sim -> SimulatorFault.pauseWorker(Duration.ofSeconds(20))),
                        new Schedule.PlannedFault(
                                "w3 freezes before sending its drop",
                                drop.worker("w3").nth(1),
                                sim -> SimulatorFault.pauseWorker(Duration.ofSeconds(40)))),
                true,
                1,
                List.of(0),
                Schedule.EXTERNAL);
    }
}
