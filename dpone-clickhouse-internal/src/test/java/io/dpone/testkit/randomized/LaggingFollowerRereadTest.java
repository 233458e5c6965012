package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.testkit.schedule.FaultClass;
import io.dpone.testkit.schedule.FaultDraw;
import io.dpone.testkit.schedule.OutcomeClass;
import io.dpone.testkit.schedule.Schedule;
import io.dpone.testkit.schedule.ScheduleResult;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Issue 18, "a re-read that a lagging follower can fool" (simulator evidence). {@link PermitlessDiscardRaceTest}'s
 * race: w1's PREPARED insert is acknowledged, its post-read reaches the server 80 ms late, after w2
 * (same invocation) took DISPATCHING and sent the EXCHANGE; the post-read shows a version jump. Then
 * member 0's Keeper session expires and its new one attaches to a follower that has applied the log
 * only up to before w1's insert, and w1's re-read is served there: it shows the slot absent.
 *
 * <p>Red on main 9d668ac: one successful re-read showing no record naming the candidate was trusted,
 * so w1 discarded "its own" candidate, now the generation w2's EXCHANGE swapped (invariant 3). Fixed:
 * a re-read proves nothing unless it shows a record at a version above the one the write replaced
 * (the insert replaced absence; dpone never deletes a slot, so absent never proves): w1 keeps the
 * candidate and ends unknown, and w2's publication commits.
 */
class LaggingFollowerRereadTest {
    @Test
    void aReReadServedByALaggingFollowerAfterASessionLossDiscardsNothing() {
        AtomicLong beforeInsert = new AtomicLong(-1);
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
                                "the log index before w1's insert",
                                null,
                                Step.call(PortCall.CONTROL_INSERT).worker("w1").nth(1),
                                SimulatorFault.admin(
                                        "note the log index", admin -> beforeInsert.set(admin.keeperLogIndex()))),
                        FaultDraw.fixed(
                                "request of w1's slot post-read 80 ms late",
                                FaultClass.WORKER_PAUSE,
                                Step.call(PortCall.CONTROL_READ).worker("w1").nth(2),
                                SimulatorFault.pauseWorker(Duration.ofMillis(80))),
                        FaultDraw.fixed(
                                "member 0's session re-attached to a lagging follower",
                                null,
                                Step.call(PortCall.CONTROL_READ).worker("w1").nth(3),
                                SimulatorFault.admin(
                                        "lagging follower",
                                        admin -> admin.loseKeeperSessionToLaggingFollower(0, beforeInsert.get()))),
                        FaultDraw.fixed(
                                "w1's re-read served by it",
                                FaultClass.STALE_READ,
                                Step.call(PortCall.CONTROL_READ).worker("w1").nth(3),
                                SimulatorFault.staleRead())),
                false,
                0,
                List.of(),
                Schedule.INTERNAL);

        ScheduleResult result = InternalRuns.run(schedule);

        assertEquals(List.of(), result.violations(), result.traceTail());
        // w1 ends unknown with its candidate kept; w2's publication of that candidate commits and cleans up
        assertEquals(OutcomeClass.COMMITTED, result.outcome(), result.traceTail());
    }
}
