package io.dpone.testkit.randomized;

import io.dpone.testkit.schedule.FaultClass;
import io.dpone.testkit.schedule.FaultDraw;
import io.dpone.testkit.schedule.Schedule;
import io.dpone.testkit.schedule.ScheduleResult;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SAFETY DEFECT (issue 18 finding 1, "a bound candidate discarded without a permit"), reached by
 * the widened randomized model with the pattern {@link FaultDraws#slowThenLostRead} draws: two
 * workers of one invocation; w1's PREPARED insert is acknowledged, and its post-read reaches the
 * server 80 ms late (a paused request), after w2 read PREPARED naming w1's candidate, revalidated,
 * took DISPATCHING and sent the EXCHANGE. The post-read shows a later version (a conflict), w1's
 * re-read of the slot is lost, and {@code InternalPublicationService.newOperation} discards "its
 * own attempt" with {@code DROP TABLE IF EXISTS ... ON CLUSTER}: on every member that is now the
 * predecessor the record names (after the EXCHANGE) — a generation dropped without a permit.
 * Red on main 0f041b0: invariant 3 reports the discard on both members.
 *
 * <p>The fix belongs to the int-safety branch; until it is merged
 * ({@link AwaitingFixes#PERMITLESS_DISCARD_FIXED} false) this test pins the defect exactly (those
 * violations and nothing else) and the generators leave the pattern out. Once the lead flips the
 * flag it demands the fix: no violation, and nothing of the published operation discarded.
 */
class PermitlessDiscardRaceTest {
    @Test
    void aWorkerWhoseSlotReadWasLateAndWhoseReReadWasLostDiscardsNothingARecordNames() {
        Schedule schedule = new Schedule(
                2,
                2,
                3,
                Schedule.Facade.PRESENT,
                0,
                List.of(
                        new Schedule.WorkerPlan("w1", 0, Schedule.PRIMARY, 2),
                        new Schedule.WorkerPlan("w2", 0, Schedule.PRIMARY, 2)),
                List.of(
                        FaultDraw.fixed(
                                "request of w1's slot post-read 80 ms late",
                                FaultClass.WORKER_PAUSE,
                                Step.call(PortCall.CONTROL_READ).worker("w1").nth(2),
                                SimulatorFault.pauseWorker(Duration.ofMillis(80))),
                        FaultDraw.fixed(
                                "then w1's re-read of the slot lost",
                                FaultClass.LOST_READ,
                                Step.call(PortCall.CONTROL_READ).worker("w1").nth(3),
                                SimulatorFault.loseResponse())),
                false,
                0,
                List.of(),
                Schedule.INTERNAL);

        ScheduleResult result = InternalRuns.run(schedule);

        AwaitingFixes.assertPinned(
                result,
                AwaitingFixes.PERMITLESS_DISCARD_FIXED,
                "discards staging that is a generation of an operation in phase DISPATCHING (after its dispatch)");
    }
}
