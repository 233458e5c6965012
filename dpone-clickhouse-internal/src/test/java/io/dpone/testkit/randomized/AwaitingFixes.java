package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.schedule.ScheduleResult;
import java.util.List;

/**
 * Fault patterns the widened model reaches that expose a finding another branch fixes (issue 18,
 * "Findings to close"); each stays out of the draws until that fix is merged, then the lead flips
 * its flag and its seeded test demands the fix. Both findings below are fixed, so the shared draws
 * ({@code io.dpone.testkit.schedule.FaultDraws}) take their patterns unconditionally; a new finding
 * pins its pattern here and guards its draw there until its fix lands.
 */
final class AwaitingFixes {
    /**
     * Issue 18 finding 1, "a bound candidate discarded without a permit" (branch int-safety: the
     * rule "a candidate is discarded only after a successful read proves that no record names it").
     * The pattern: one worker's slot read after its acknowledged PREPARED insert reaches the server
     * late (a paused request), so it sees another worker's later version, and its next read is
     * lost; {@code newOperation} then discards its own candidate although the other worker bound
     * and dispatched it ({@link PermitlessDiscardRaceTest}). Fixed by int-safety (merged in main
     * 1443130): the generators draw the pattern again.
     */
    static final boolean PERMITLESS_DISCARD_FIXED = true;

    /**
     * Issue 18 finding 2, "a permit outlives its holder" (branch int-safety: a bounded permit age
     * checked right before the send). The pattern: a worker frozen between its CLEANUP_DISPATCHING
     * CAS and the cleanup {@code DROP} (a pause right before a DDL dispatch, or right after a CAS took
     * effect); another worker of its operation sees the record without a queue entry, opens a new
     * cleanup epoch and completes; the frozen worker wakes and sends its old epoch's {@code DROP}
     * while the record is COMPLETED ({@link StaleCleanupPermitTest}). The permit age closes it only
     * if its bound is below the time the other worker waits before it re-dispatches a lost drop.
     * Still open after int-safety's merge (main 1443130): its {@code PermitLifetime} is a quarter of
     * the task timeout, sized for the runbook's retirement, and outlived the cleanup's visibility
     * wait before the service itself re-dispatches a lost drop. Fixed on branch permit-fixes: a
     * worker waits out the permit's age and one more visibility wait before it marks another's drop
     * lost ({@link PermitAgeTakeoverTest}); the generators draw the pattern again.
     */
    static final boolean PERMIT_AGE_FIXED = true;

    private AwaitingFixes() {}

    /**
     * A pinned finding's seeded schedule: until {@code fixed}, it must reach exactly that defect
     * (every violation names {@code violation}); once fixed, it must keep every invariant.
     */
    static void assertPinned(ScheduleResult result, boolean fixed, String violation) {
        if (fixed) {
            assertEquals(List.of(), result.violations(), result.traceTail());
            return;
        }
        assertFalse(result.violations().isEmpty(), "the defect is reached (red on main 0f041b0)");
        assertTrue(
                result.violations().stream().allMatch(found -> found.contains(violation)),
                "exactly the pinned finding and nothing else: " + result.violations());
    }
}
