package io.dpone.testkit.property.mutants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Measures how often each property suite catches a deliberately wrong implementation of what it
 * checks: the suite's properties aimed at the bug run 100 times against its mutant, each run with
 * its own fixed seed and jqwik's default 1000 tries, and must fail in at least 99 (issue 22). Pure: no ClickHouse, no
 * simulator. Red on main b011c6b (whole suites, unseeded): the lenient normalizer was caught in 54
 * of 100 runs, the missing-host aggregator in 0 (every generated missing host came with a second
 * defect that hid it), the health-blind cleanup classifier in 91.
 */
class MutantDetectionRateTest {
    private static final int RUNS = 100;
    private static final int REQUIRED = 99;
    private static final Launcher LAUNCHER = LauncherFactory.create();

    /**
     * Each mutant with the properties aimed at its bug. Running only those gives a lower bound on
     * the whole suite's rate (more properties can only add failures) and keeps this under a minute.
     */
    static Stream<Arguments> mutants() {
        return Stream.of(
                Arguments.of(LenientCodeNormalizerMutant.class, List.of("agreesWithThePinnedTable")),
                Arguments.of(MissingHostAggregatorMutant.class, List.of("agreesWithTheExactHostSetOracle")),
                Arguments.of(ObservedMembersClassifierMutant.class, List.of("anyHazardIsOutcomeUnknownAndPermitsNothing")),
                Arguments.of(IgnoresReplicationHealthCleanupMutant.class,
                        List.of("dropNeedsAHealthyCommittedPublicationAndOnlyPredecessorCopies")),
                Arguments.of(EpochlessTokenMutant.class, List.of("oneOperationNeverReusesATokenAcrossActionsOrEpochs")),
                Arguments.of(ConcatenatedTargetKeyMutant.class, List.of("shiftingTextBetweenFieldsChangesTheKey")),
                Arguments.of(MissingReplicaGenerationMutant.class, List.of("agreesWithTheSeedOracle")),
                Arguments.of(ChecksumBlindCodecMutant.class, List.of("everySingleColumnMutationIsBlocked")),
                Arguments.of(ChecksumBlindExternalSchemaMutant.class, List.of("everySingleColumnMutationIsBlocked")));
    }

    @ParameterizedTest
    @MethodSource("mutants")
    void theSuiteCatchesItsMutantInAtLeast99Of100Runs(Class<?> mutant, List<String> properties, @TempDir Path database) {
        List<DiscoverySelector> selectors = properties.stream().map(name -> selectProperty(mutant, name)).toList();
        List<Long> missedSeeds = new ArrayList<>();
        long started = System.nanoTime();
        for (long seed = 1; seed <= RUNS; seed++) {
            if (!caught(mutant, selectors, seed, database.resolve("jqwik-" + seed + ".db"))) {
                missedSeeds.add(seed);
            }
        }
        int caught = RUNS - missedSeeds.size();
        System.out.printf("%s: caught in %d of %d runs (%.0f%%) in %d ms; missed seeds %s%n", mutant.getSimpleName(), caught,
                RUNS, 100.0 * caught / RUNS, (System.nanoTime() - started) / 1_000_000, missedSeeds);
        assertTrue(caught >= REQUIRED, mutant.getSimpleName() + " escaped with seeds " + missedSeeds);
    }

    /** One default run of the suite against the mutant; every failure must be an assertion, not a broken run. */
    private static boolean caught(Class<?> mutant, List<DiscoverySelector> selectors, long seed, Path database) {
        FixedSeedHook.use(seed);
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectors)
                .configurationParameter("jqwik.tries.default", "1000")
                .configurationParameter("jqwik.database", database.toString())
                // Falsified samples go to the platform's report entries, which this listener ignores, not to stdout.
                .configurationParameter("jqwik.reporting.usejunitplatform", "true")
                .build();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LAUNCHER.execute(request, listener);
        TestExecutionSummary summary = listener.getSummary();
        assertEquals(selectors.size(), summary.getTestsFoundCount(), "properties found in " + mutant);
        for (TestExecutionSummary.Failure failure : summary.getFailures()) {
            assertTrue(failure.getException() instanceof AssertionError,
                    () -> mutant.getSimpleName() + " broke instead of failing: " + failure.getException());
        }
        deleteQuietly(database);
        assertEquals(0, summary.getTestsAbortedCount(), mutant + " aborted");
        assertEquals(selectors.size(), FixedSeedHook.use(0), "every property ran with the run's fixed seed");
        return summary.getTotalFailureCount() > 0;
    }

    private static DiscoverySelector selectProperty(Class<?> mutant, String name) {
        for (Class<?> type = mutant; type != null; type = type.getSuperclass()) {
            for (Method method : type.getDeclaredMethods()) {
                if (method.getName().equals(name)) {
                    return selectMethod(mutant, method);
                }
            }
        }
        throw new IllegalArgumentException(mutant + " has no property " + name);
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
