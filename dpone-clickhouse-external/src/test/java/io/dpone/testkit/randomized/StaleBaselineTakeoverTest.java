package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.testkit.schedule.OutcomeClass;
import io.dpone.testkit.schedule.Schedule;
import io.dpone.testkit.schedule.ScheduleResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * LIVENESS DEFECT found by the external randomized schedules (seed 880 of
 * {@link RandomizedExternalSchedulesTest}: two invocations, no fault at all), replayed here as
 * that exact schedule.
 *
 * <p>Invocation B is admitted (its members' targets read) while invocation A is still publishing;
 * A completes, and B takes the slot over A's COMPLETED record by a version-checked CAS. B then
 * bound, in STAGING, the baseline it had read at admission: the predecessors A had just replaced.
 * Revalidation before dispatch rightly refused to publish over targets that are not the bound
 * baseline, ending CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED; but the record's baseline cannot
 * change, so every later run of B ended the same way: stuck at STAGED for an operator, though
 * nothing outside dpone had touched anything. Expected: what STAGING binds is the baseline as it is
 * once the slot is held, so B's rerun publishes; no invariant breaks.
 */
class StaleBaselineTakeoverTest {
    @Test
    void anOperationThatTookOverACompletedRecordBindsTheTargetsAsTheyAreOnceItHoldsTheSlot() {
        Schedule schedule = new Schedule(
                880,
                2,
                3,
                Schedule.Facade.ABSENT,
                0,
                List.of(
                        new Schedule.WorkerPlan("w1", 0, Schedule.PRIMARY, 0),
                        new Schedule.WorkerPlan("w2", 0, Schedule.SECOND, 2)),
                List.of(),
                true,
                1,
                List.of(0, 0),
                Schedule.EXTERNAL);

        ScheduleResult result = ExternalRuns.run(schedule);

        assertEquals(List.of(), result.violations());
        assertEquals(OutcomeClass.COMMITTED, result.outcome(), result.code() + "\n" + result.traceTail());
    }
}
