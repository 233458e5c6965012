package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dpone.testkit.schedule.FaultClass;
import io.dpone.testkit.schedule.OutcomeClass;
import io.dpone.testkit.schedule.RandomizedSchedules;
import io.dpone.testkit.schedule.Schedule;
import io.dpone.testkit.schedule.ScheduleMode;
import io.dpone.testkit.schedule.ScheduleResult;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 11's randomized fault schedules on the deterministic simulator (simulator evidence, no
 * ClickHouse): complete publications by the real {@code InternalPublicationService}, several
 * workers, random faults at random steps, then healing reruns; {@link InvariantChecker} checks the
 * six invariants at every step. The default run covers 10,000 seeds and fails unless every outcome
 * class of {@link OutcomeClass#REQUIRED} occurred and every fault class of {@link FaultClass#INTERNAL}
 * took effect in some schedule; the {@code soak} run covers 1,000,000
 * ({@code mvn -Psoak ...} or {@code -Dgroups=soak}; counts from {@value #SCHEDULES_PROPERTY} and
 * {@value #SOAK_PROPERTY}). A failure prints each violating seed with its schedule and trace tail;
 * {@code -D}{@value #REPLAY_PROPERTY}{@code =N} runs only seed N. {@code bench/simulate.sh} runs the
 * same generator outside JUnit.
 */
class RandomizedPublicationSchedulesTest {
    static final String REPLAY_PROPERTY = Schedule.INTERNAL_REPLAY_PROPERTY;
    static final String SCHEDULES_PROPERTY = "dpone.randomized.schedules";
    static final String SOAK_PROPERTY = "dpone.randomized.soakSchedules";
    /** The default run's seeds start here; the soak run continues after them. */
    static final long FIRST_SEED = 0;

    @Test
    void tenThousandSchedulesKeepEveryInvariantAndReachEveryOutcome() {
        String replay = System.getProperty(REPLAY_PROPERTY);
        if (replay != null && !replay.isBlank()) {
            ScheduleResult result = RandomizedSchedules.runOne(InternalRuns.mode(0, 0), Long.parseLong(replay.strip()));
            System.out.println(result.schedule() + "\n  outcome: "
                    + result.outcome().label() + ", " + result.calls() + " port calls\n" + result.traceTail());
            if (result.violated()) {
                fail(result.report());
            }
            return;
        }
        int schedules = Integer.getInteger(SCHEDULES_PROPERTY, 10_000);
        RandomizedSchedules.Summary summary = runAndReport(FIRST_SEED, schedules);
        Set<OutcomeClass> missing = EnumSet.copyOf(OutcomeClass.REQUIRED);
        missing.removeIf(outcome -> summary.outcomes().getOrDefault(outcome, 0L) > 0);
        assertTrue(
                missing.isEmpty(),
                "outcome classes that never occurred in " + schedules + " schedules: " + missing + " (" + summary.line()
                        + ")");
        assertTrue(
                summary.missingFaultClasses(FaultClass.INTERNAL).isEmpty(),
                "fault classes no schedule exercised: " + summary.missingFaultClasses(FaultClass.INTERNAL) + " ("
                        + summary.faultClassesLine(FaultClass.INTERNAL) + ")");
    }

    @Test
    @Tag("soak")
    void aMillionSchedulesKeepEveryInvariant() {
        int schedules = Integer.getInteger(SOAK_PROPERTY, 1_000_000);
        runAndReport(FIRST_SEED + 10_000, schedules);
    }

    @Test
    void theGeneratorIsAFunctionOfTheSeed() {
        ScheduleMode generator = InternalRuns.mode(0, 0);
        for (long seed = 0; seed < 200; seed++) {
            assertEquals(
                    generator.generate(seed).toString(),
                    generator.generate(seed).toString());
        }
        ScheduleResult once = RandomizedSchedules.runOne(generator, 7);
        ScheduleResult again = RandomizedSchedules.runOne(generator, 7);
        assertEquals(once.outcome(), again.outcome());
        assertEquals(once.calls(), again.calls());
        assertEquals(once.traceTail(), again.traceTail());
    }

    private static RandomizedSchedules.Summary runAndReport(long first, int schedules) {
        int threads = Runtime.getRuntime().availableProcessors();
        RandomizedSchedules.Summary summary =
                RandomizedSchedules.run(first, schedules, InternalRuns.mode(0, 0), threads);
        System.out.printf(
                "%d schedules on %d threads in %.1f s (%.0f schedules/s), %d port calls, %d checked steps%n",
                summary.schedules(),
                threads,
                summary.seconds(),
                summary.schedules() / summary.seconds(),
                summary.calls(),
                summary.checks());
        System.out.println(summary.faultClassesLine(FaultClass.INTERNAL));
        System.out.println(summary.line());
        if (summary.violating() > 0) {
            fail(summary.violating() + " of " + schedules + " schedules violated an invariant; the first ones:\n\n"
                    + summary.failures().stream().map(ScheduleResult::report).collect(Collectors.joining("\n\n")));
        }
        return summary;
    }
}
