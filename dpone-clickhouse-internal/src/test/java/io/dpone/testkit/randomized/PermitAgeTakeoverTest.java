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
 * Issue 18 finding 2, the takeover side (simulator evidence): a worker frozen right before its send
 * for less than the permit's age (45 s at the simulated 180 s task timeout) still holds a valid
 * permit when it wakes, so a worker that takes its epoch over must wait that age out first.
 */
class PermitAgeTakeoverTest {
    /**
     * {@link StaleCleanupPermitTest}'s schedule with w1 frozen 20 s: longer than the cleanup's
     * visibility wait (4.5 s), shorter than the permit's age. Red on main 9d668ac: w2 marked the drop
     * lost after the visibility wait, dropped under a new epoch and completed; w1 woke with a valid
     * permit and its DROP reached the server while the record was COMPLETED (invariant 2). Fixed: w2
     * waits out the permit's age and one more visibility wait, finds w1's entry and binds it.
     */
    @Test
    void aCleanupDropFrozenWithinThePermitAgeIsBoundNotTakenOver() {
        ScheduleResult result = InternalRuns.run(cleanupRace(20_000));

        assertEquals(List.of(), result.violations(), result.traceTail());
        assertEquals(OutcomeClass.COMMITTED, result.outcome(), result.traceTail());
    }

    /**
     * The dispatch permit has no such takeover: a worker that finds the DISPATCHING record without a
     * queue entry (w2, the same invocation) ends unknown and sends nothing, so w1, frozen 20 s right
     * before its {@code EXCHANGE}, sends it under a record nobody moved on from. Green on main 9d668ac
     * as well (no hole there); it pins that no service path retires such a record.
     */
    @Test
    void aRerunThatFindsADispatchingRecordWithoutAnEntryNeverTakesTheEpochOver() {
        Schedule schedule = new Schedule(
                3363,
                3,
                1,
                Schedule.Facade.PRESENT,
                0,
                List.of(
                        new Schedule.WorkerPlan("w1", 1, Schedule.PRIMARY, 2),
                        new Schedule.WorkerPlan("w2", 1, Schedule.PRIMARY, 2)),
                List.of(new Schedule.PlannedFault(
                        "w1 paused before its exchange",
                        Step.call(PortCall.DDL_DISPATCH)
                                .worker("w1")
                                .kind(StatementKind.DDL_EXCHANGE)
                                .nth(1),
                        sim -> SimulatorFault.pauseWorker(Duration.ofSeconds(20)))),
                true,
                1,
                List.of(1, 0),
                Schedule.INTERNAL);

        ScheduleResult result = InternalRuns.run(schedule);

        assertEquals(List.of(), result.violations(), result.traceTail());
        assertEquals(OutcomeClass.COMMITTED, result.outcome(), result.traceTail());
    }

    /** Seed 3362's schedule (see {@link StaleCleanupPermitTest}) with w1 frozen {@code pauseMillis} before its cleanup DROP. */
    static Schedule cleanupRace(long pauseMillis) {
        return new Schedule(
                3362,
                3,
                1,
                Schedule.Facade.PRESENT,
                0,
                List.of(
                        new Schedule.WorkerPlan("w1", 1, Schedule.PRIMARY, 2),
                        new Schedule.WorkerPlan("w2", 1, Schedule.PRIMARY, 2)),
                List.of(
                        new Schedule.PlannedFault(
                                "stall DDL worker of member 2",
                                Step.call(PortCall.CONTROL_CAS)
                                        .kind(StatementKind.KEEPER_MAP_CAS)
                                        .nth(3),
                                sim -> SimulatorFault.admin(
                                        "stall DDL worker of member 2", admin -> admin.stallDdl(2))),
                        new Schedule.PlannedFault(
                                "release DDL worker of member 2",
                                Step.at(Duration.ofMillis(6_196)),
                                sim -> SimulatorFault.admin(
                                        "release DDL worker of member 2", admin -> admin.releaseDdl(2))),
                        new Schedule.PlannedFault(
                                "w1 paused for " + pauseMillis + " ms",
                                Step.anyCall().worker("w1").nth(38),
                                sim -> SimulatorFault.pauseWorker(Duration.ofMillis(pauseMillis))),
                        new Schedule.PlannedFault(
                                "lose response",
                                Step.call(PortCall.DDL_DISPATCH)
                                        .worker("w1")
                                        .kind(StatementKind.DDL_DROP)
                                        .nth(1),
                                sim -> SimulatorFault.loseResponse()),
                        new Schedule.PlannedFault(
                                "duplicate entry",
                                Step.call(PortCall.DDL_DISPATCH)
                                        .kind(StatementKind.DDL_EXCHANGE)
                                        .nth(2),
                                sim -> SimulatorFault.duplicateEntry())),
                true,
                1,
                List.of(1, 0),
                Schedule.INTERNAL);
    }
}
