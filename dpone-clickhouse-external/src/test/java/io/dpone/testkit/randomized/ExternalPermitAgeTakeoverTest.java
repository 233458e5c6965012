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
 * Issue 18 finding 2 in external mode, the takeover side (simulator evidence), as
 * {@link PermitAgeTakeoverTest} is for internal mode. Two workers of one invocation on an existing
 * target: w2 starts 5 s late; w1 freezes right before a send, after {@code DispatchGate} passed its
 * permit's age check. The simulator's visibility wait is about 31 s ({@code ExternalDriver}), the
 * permit's age 45 s (a quarter of the simulated 180 s task timeout).
 */
class ExternalPermitAgeTakeoverTest {
    /**
     * w1 frozen before its cleanup DROP for 40 s (past w2's visibility wait, within the permit's age)
     * and for 60 s (past the permit's age, within w2's takeover wait). Red on main aaff3de: w2 marked
     * the drop lost after the visibility wait (t = 36 s), dropped under a new epoch and completed; w1
     * woke and its old DROP reached the server while the record was COMPLETED (invariant 2, at
     * t = 40.2 s and 60.2 s). Fixed: w2 waits out the permit's age and one more visibility wait
     * ({@code TakeoverWait}), finds w1's entry and binds it.
     */
    @Test
    void aCleanupDropFrozenPastTheVisibilityWaitIsBoundNotTakenOver() {
        for (long pauseMillis : new long[] {40_000, 60_000}) {
            ScheduleResult result = ExternalRuns.run(race(
                    Step.call(PortCall.DDL_DISPATCH)
                            .worker("w1")
                            .kind(StatementKind.DDL_DROP)
                            .nth(1),
                    pauseMillis));

            assertEquals(List.of(), result.violations(), pauseMillis + " ms\n" + result.traceTail());
            assertEquals(OutcomeClass.COMMITTED, result.outcome(), pauseMillis + " ms\n" + result.traceTail());
        }
    }

    /**
     * The publication permit has no takeover in external mode either: w2 finds the
     * PUBLICATION_DISPATCHING record without an entry, ends unknown and sends nothing, so w1, frozen
     * 40 s right before its {@code EXCHANGE}, sends it under a record nobody moved on from, and the
     * healing rerun binds it and completes. Green on main aaff3de as well (no hole there); it pins that
     * no service path takes a publication epoch over.
     */
    @Test
    void aRerunThatFindsAPublicationDispatchingRecordWithoutAnEntryNeverTakesTheEpochOver() {
        ScheduleResult result = ExternalRuns.run(race(
                Step.call(PortCall.DDL_DISPATCH)
                        .worker("w1")
                        .kind(StatementKind.DDL_EXCHANGE)
                        .nth(1),
                40_000));

        assertEquals(List.of(), result.violations(), result.traceTail());
        assertEquals(OutcomeClass.COMMITTED, result.outcome(), result.traceTail());
    }

    /** Seed 1: w1 frozen {@code pauseMillis} at {@code send}, w2 (the same invocation) starting 5 s late. */
    private static Schedule race(Step send, long pauseMillis) {
        return new Schedule(
                1,
                2,
                3,
                Schedule.Facade.PRESENT,
                0,
                List.of(
                        new Schedule.WorkerPlan("w1", 0, Schedule.PRIMARY, 2),
                        new Schedule.WorkerPlan("w2", 1, Schedule.PRIMARY, 2)),
                List.of(
                        new Schedule.PlannedFault(
                                "w2 starts 5 s late",
                                Step.anyCall().worker("w2").nth(1),
                                sim -> SimulatorFault.pauseWorker(Duration.ofSeconds(5))),
                        new Schedule.PlannedFault(
                                "w1 paused for " + pauseMillis + " ms before its send",
                                send,
                                sim -> SimulatorFault.pauseWorker(Duration.ofMillis(pauseMillis)))),
                true,
                1,
                List.of(0, 0),
                Schedule.EXTERNAL);
    }
}
