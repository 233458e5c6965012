package io.dpone.testkit.randomized;

import io.dpone.testkit.schedule.Schedule;
import io.dpone.testkit.schedule.ScheduleResult;
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
 * <p>While {@link AwaitingFixes#PERMIT_AGE_FIXED} was false this test pinned the defect exactly and
 * the generators left the pattern out; now it demands the fix: no violation.
 *
 * <p>Still red on main 1443130 and 9d668ac, which carry int-safety's permit lifetime: w1 passed its
 * age check before freezing, and w2 marked the drop lost after the 4.5 s visibility wait. Fixed on
 * branch permit-fixes: w2 first waits out the permit's age (45 s) and one more visibility wait, so
 * the late DROP (at 48.4 s) is found and bound, never taken over. A freeze past that takeover wait,
 * after the age check, is the window ADR 0007 documents.
 */
class StaleCleanupPermitTest {
    @Test
    void aWorkerFrozenBetweenItsCleanupCasAndItsDropSendsNothingOnceAnotherWorkerCompletedTheCleanup() {
        Schedule schedule = PermitAgeTakeoverTest.cleanupRace(48_150);

        ScheduleResult result = InternalRuns.run(schedule);

        AwaitingFixes.assertPinned(
                result,
                AwaitingFixes.PERMIT_AGE_FIXED,
                "cleanup DROP while the record is COMPLETED without this cleanup token");
    }
}
