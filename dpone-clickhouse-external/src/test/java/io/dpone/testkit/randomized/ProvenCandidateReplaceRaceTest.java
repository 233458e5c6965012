package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.testkit.schedule.OutcomeClass;
import io.dpone.testkit.schedule.Schedule;
import io.dpone.testkit.schedule.ScheduleResult;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * LIVENESS DEFECT found by the external randomized schedules (seed 2523 of
 * {@link RandomizedExternalSchedulesTest}: three workers of one invocation, no fault that reaches
 * the run), replayed here as that exact schedule.
 *
 * <p>Worker w1 creates member 1's candidate, records it LOADING, loads it, proves its content and
 * sees the name still holds it; worker w3, deciding on its older read of the record (no UUID
 * recorded yet), drops that table to replace it — and only then does w1's READY write succeed. The
 * record names a proven candidate that is gone, w3's own write loses, and every later run ends
 * CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED (a READY member whose table changed is, rightly,
 * never replaced). The drop was decided on a record version another worker had already moved
 * past. Expected: a replacement is fenced by a write of the record before anything is dropped, so
 * it happens only if no other worker of the operation wrote since the decision; the rerun publishes.
 * With UUID-first ownership a table whose UUID is not recorded is never replaced at all; the
 * fence still guards the replacement of a recorded partial candidate.
 */
class ProvenCandidateReplaceRaceTest {
    @Test
    void aReplacementDecidedOnAStaleRecordDropsNothing() {
        Schedule schedule = new Schedule(
                2523,
                3,
                -1,
                Schedule.Facade.ABSENT,
                0,
                List.of(
                        new Schedule.WorkerPlan("w1", 1, Schedule.PRIMARY, 2),
                        new Schedule.WorkerPlan("w2", 2, Schedule.PRIMARY, 2),
                        new Schedule.WorkerPlan("w3", 0, Schedule.PRIMARY, 2)),
                List.of(new Schedule.PlannedFault(
                        "lose response",
                        Step.call(PortCall.DDL_DISPATCH)
                                .kind(StatementKind.DDL_DROP)
                                .nth(1),
                        sim -> SimulatorFault.loseResponse())),
                false,
                1,
                List.of(0, 0),
                Schedule.EXTERNAL);

        ScheduleResult result = ExternalRuns.run(schedule);

        assertEquals(List.of(), result.violations());
        assertEquals(OutcomeClass.COMMITTED, result.outcome(), result.code() + "\n" + result.traceTail());
    }
}
