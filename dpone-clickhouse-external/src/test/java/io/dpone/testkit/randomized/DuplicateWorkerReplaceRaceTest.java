package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.testkit.schedule.OutcomeClass;
import io.dpone.testkit.schedule.Schedule;
import io.dpone.testkit.schedule.ScheduleResult;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * LIVENESS DEFECT found by the external randomized schedules (seed 315 of
 * {@link RandomizedExternalSchedulesTest}, and about 0.5 % of the default run's seeds: those with
 * two or three workers of one invocation that ended diverged without any changed row), replayed
 * here as that exact schedule.
 *
 * <p>Workers of one scheduler invocation share one operation and so one candidate name per member.
 * Worker w1 creates member 1's candidate and records it LOADING; worker w3, deciding on its own
 * older read of the record (no UUID recorded yet), replaces that table as "created before its UUID
 * could be recorded": it drops it and creates another. w1's insert then fails, w3's LOADING write
 * loses to w1's, and both stop. The record now names a LOADING candidate that is gone while the
 * name holds w3's, and the decision table called "another UUID than recorded" divergence: every
 * later run of the invocation ended CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED, the operation
 * stuck in STAGING for an operator although nothing was ever proven or published.
 *
 * <p>Since candidates are owned by UUID (audit-12 gap 1) the race cannot arise as it did: a worker
 * records its candidate UUID LOADING by CAS before it creates the table, so a worker deciding on an
 * older record sees a table it cannot prove its own and must not replace it; it reports DIVERGED
 * only if the record is still the version it decided on, else it stops and the rerun decides on
 * the fresh record. Expected, on the same schedule: COMMITTED, and no invariant breaks (the
 * checker now also flags any member-local drop of a UUID no record named as a candidate).
 */
class DuplicateWorkerReplaceRaceTest {
    @Test
    void aCandidateReplacedByARacingWorkerOfTheSameOperationIsReplacedAgainNotDiverged() {
        Schedule schedule = new Schedule(
                315,
                2,
                3,
                Schedule.Facade.ABSENT,
                0,
                List.of(
                        new Schedule.WorkerPlan("w1", 1, Schedule.PRIMARY, 4),
                        new Schedule.WorkerPlan("w2", 1, Schedule.PRIMARY, 4),
                        new Schedule.WorkerPlan("w3", 1, Schedule.PRIMARY, 4)),
                List.of(
                        new Schedule.PlannedFault(
                                "stall DDL worker of member 0",
                                Step.anyCall().worker("w1").nth(65),
                                sim -> SimulatorFault.admin(
                                        "stall DDL worker of member 0", admin -> admin.stallDdl(0))),
                        new Schedule.PlannedFault(
                                "release DDL worker of member 0",
                                Step.at(Duration.ofMillis(6_057)),
                                sim -> SimulatorFault.admin(
                                        "release DDL worker of member 0", admin -> admin.releaseDdl(0)))),
                true,
                2,
                List.of(1, 1, 1, 1),
                Schedule.EXTERNAL);

        ScheduleResult result = ExternalRuns.run(schedule);

        assertEquals(List.of(), result.violations());
        assertEquals(OutcomeClass.COMMITTED, result.outcome(), result.code() + "\n" + result.traceTail());
    }
}
