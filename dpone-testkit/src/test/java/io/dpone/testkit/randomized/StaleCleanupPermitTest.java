package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.port.StatementKind;
import io.dpone.testkit.simulator.Fault;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SAFETY DEFECT of issue 18 finding 2's class ("a permit outlives its holder"), found by the widened
 * internal schedules (seed 3362 of {@link RandomizedPublicationSchedulesTest} while the generator drew
 * it), replayed here as that exact schedule: two workers of one invocation through member 1; w1 takes
 * CLEANUP_DISPATCHING (a cleanup permit) and freezes for 48 s right before sending the cleanup
 * {@code DROP}; w2 finds the record without a cleanup entry, waits for it, opens a new cleanup epoch,
 * drops and completes; w1 wakes and sends its old epoch's {@code DROP} while the record is COMPLETED.
 * The name it drops is empty by then, so nothing is lost here, but a statement went out under a
 * permit the authority had retired. Red on main 0f041b0: invariant 2 reports the late DROP.
 *
 * <p>The fix (a permit age bounded below the wait before a lost drop is re-dispatched, checked right
 * before the send) belongs to the int-safety branch; until it is merged
 * ({@link AwaitingFixes#PERMIT_AGE_FIXED} false) this test pins the defect exactly and the generators
 * leave the pattern out. Once the lead flips the flag it demands the fix: no violation.
 *
 * <p>Still red on main 1443130, which carries int-safety's permit lifetime: the bound there is a
 * quarter of the task timeout (sized for the runbook's retirement), longer than the 48 s this
 * worker is frozen, and w2's own re-dispatch of the lost drop does not wait for it.
 */
class StaleCleanupPermitTest {
    @Test
    void aWorkerFrozenBetweenItsCleanupCasAndItsDropSendsNothingOnceAnotherWorkerCompletedTheCleanup() {
        Schedule schedule = new Schedule(3362, 3, 1, Schedule.Facade.PRESENT, 0,
                List.of(new Schedule.WorkerPlan("w1", 1, Schedule.PRIMARY, 2), new Schedule.WorkerPlan("w2", 1, Schedule.PRIMARY, 2)),
                List.of(new Schedule.PlannedFault("stall DDL worker of member 2",
                                Step.call(PortCall.CONTROL_CAS).kind(StatementKind.KEEPER_MAP_CAS).nth(3),
                                sim -> Fault.admin("stall DDL worker of member 2", admin -> admin.stallDdl(2))),
                        new Schedule.PlannedFault("release DDL worker of member 2", Step.at(Duration.ofMillis(6_196)),
                                sim -> Fault.admin("release DDL worker of member 2", admin -> admin.releaseDdl(2))),
                        new Schedule.PlannedFault("w1 paused for 48150 ms", Step.anyCall().worker("w1").nth(38),
                                sim -> Fault.pauseWorker(Duration.ofMillis(48_150))),
                        new Schedule.PlannedFault("lose response", Step.call(PortCall.DDL_DISPATCH).worker("w1")
                                .kind(StatementKind.DDL_DROP).nth(1), sim -> Fault.loseResponse()),
                        new Schedule.PlannedFault("duplicate entry", Step.call(PortCall.DDL_DISPATCH).kind(StatementKind.DDL_EXCHANGE)
                                .nth(2), sim -> Fault.duplicateEntry())),
                true, 1, List.of(1, 0), Schedule.INTERNAL);

        ScheduleResult result = ScheduleRunner.run(schedule);

        AwaitingFixes.assertPinned(result, AwaitingFixes.PERMIT_AGE_FIXED,
                "cleanup DROP while the record is COMPLETED without this cleanup token");
    }
}
