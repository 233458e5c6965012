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
 * Issue 12's randomized fault schedules for external mode on the deterministic simulator
 * (simulator evidence, no ClickHouse): complete publications by the real
 * {@code ExternalPublicationService} on members with {@code internal_replication = false}, several
 * workers, random faults at random steps (member sessions included), then healing reruns;
 * {@link InvariantChecker} checks the six invariants at every step. The default run covers
 * {@value #DEFAULT_SCHEDULES} seeds and fails unless every outcome class of
 * {@link OutcomeClass#REQUIRED_EXTERNAL} occurred and every fault class of {@link FaultClass#EXTERNAL}
 * took effect in some schedule; the {@code soak} run covers 1,000,000. Counts
 * from {@value #SCHEDULES_PROPERTY} and {@value #SOAK_PROPERTY}; {@code -D}{@value #REPLAY_PROPERTY}{@code =N}
 * runs only seed N. {@code bench/simulate.sh --mode external} runs the same generator outside JUnit.
 */
class RandomizedExternalSchedulesTest {
    static final String REPLAY_PROPERTY = Schedule.EXTERNAL_REPLAY_PROPERTY;
    static final String SCHEDULES_PROPERTY = "dpone.randomized.externalSchedules";
    static final String SOAK_PROPERTY = "dpone.randomized.externalSoakSchedules";
    static final int DEFAULT_SCHEDULES = 5_000;

    @Test
    void externalSchedulesKeepEveryInvariantAndReachEveryOutcome() {
        String replay = System.getProperty(REPLAY_PROPERTY);
        if (replay != null && !replay.isBlank()) {
            ScheduleResult result = RandomizedSchedules.runOne(ExternalRuns.mode(0, 0), Long.parseLong(replay.strip()));
            System.out.println(
                    result.schedule() + "\n  outcome: " + result.outcome().label() + " " + result.code() + ", "
                            + result.calls() + " port calls\n" + result.traceTail());
            if (result.violated()) {
                fail(result.report());
            }
            return;
        }
        int schedules = Integer.getInteger(SCHEDULES_PROPERTY, DEFAULT_SCHEDULES);
        RandomizedSchedules.Summary summary = runAndReport(0, schedules);
        Set<OutcomeClass> missing = EnumSet.copyOf(OutcomeClass.REQUIRED_EXTERNAL);
        missing.removeIf(outcome -> summary.outcomes().getOrDefault(outcome, 0L) > 0);
        assertTrue(
                missing.isEmpty(),
                "outcome classes that never occurred in " + schedules + " external schedules: " + missing + " ("
                        + summary.line() + ")");
        assertTrue(
                summary.missingFaultClasses(FaultClass.EXTERNAL).isEmpty(),
                "fault classes no external schedule exercised: " + summary.missingFaultClasses(FaultClass.EXTERNAL)
                        + " (" + summary.faultClassesLine(FaultClass.EXTERNAL) + ")");
    }

    @Test
    @Tag("soak")
    void aMillionExternalSchedulesKeepEveryInvariant() {
        runAndReport(DEFAULT_SCHEDULES, Integer.getInteger(SOAK_PROPERTY, 1_000_000));
    }

    @Test
    void theExternalGeneratorIsAFunctionOfTheSeed() {
        ScheduleMode generator = ExternalRuns.mode(0, 0);
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
                RandomizedSchedules.run(first, schedules, ExternalRuns.mode(0, 0), threads);
        System.out.printf(
                "%d external schedules on %d threads in %.1f s (%.0f schedules/s), %d port calls, %d checked steps%n",
                summary.schedules(),
                threads,
                summary.seconds(),
                summary.schedules() / summary.seconds(),
                summary.calls(),
                summary.checks());
        summary.codes().forEach((code, n) -> System.out.println("outcome " + code + ": " + n));
        System.out.println(summary.faultClassesLine(FaultClass.EXTERNAL));
        System.out.println(summary.line());
        if (summary.violating() > 0) {
            fail(summary.violating() + " of " + schedules
                    + " external schedules violated an invariant; the first ones:\n\n"
                    + summary.failures().stream().map(ScheduleResult::report).collect(Collectors.joining("\n\n"))
                    + "\n\nkinds: " + summary.violationKinds());
        }
        return summary;
    }
}
