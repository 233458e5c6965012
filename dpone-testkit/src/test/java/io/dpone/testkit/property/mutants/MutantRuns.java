package io.dpone.testkit.property.mutants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** One default jqwik run (1000 tries) of a mutant's aimed properties with a fixed seed, on the JUnit Platform. */
final class MutantRuns {
    private static final Launcher LAUNCHER = LauncherFactory.create();

    private MutantRuns() {}

    private static final int RUNS = 100;
    private static final int REQUIRED = 99;

    /** {@code mutant}'s aimed properties catch it in at least 99 of 100 fixed-seed runs. */
    static void assertCaughtInAtLeast99Of100(Class<?> mutant, List<String> properties, Path directory) {
        List<Long> missedSeeds = new ArrayList<>();
        long started = System.nanoTime();
        for (long seed = 1; seed <= RUNS; seed++) {
            if (failures(mutant, properties, seed, directory.resolve("jqwik-" + seed + ".db"))
                    .isEmpty()) {
                missedSeeds.add(seed);
            }
        }
        int caught = RUNS - missedSeeds.size();
        System.out.printf(
                "%s: caught in %d of %d runs (%.0f%%) in %d ms; missed seeds %s%n",
                mutant.getSimpleName(),
                caught,
                RUNS,
                100.0 * caught / RUNS,
                (System.nanoTime() - started) / 1_000_000,
                missedSeeds);
        assertTrue(caught >= REQUIRED, mutant.getSimpleName() + " escaped with seeds " + missedSeeds);
    }

    /** Each failure of {@code mutant}'s seed-1 run starts with {@code rule} and shows {@code shownField}. */
    static void assertNamesTheRuleAndShowsTheValues(
            Class<?> mutant, List<String> properties, String rule, String shownField, Path directory) {
        List<TestExecutionSummary.Failure> failures = failures(mutant, properties, 1, directory.resolve("jqwik.db"));
        assertFalse(failures.isEmpty(), mutant + " was not caught with seed 1");
        for (TestExecutionSummary.Failure failure : failures) {
            String message = String.valueOf(failure.getException().getMessage());
            assertTrue(message.startsWith(rule), () -> mutant + " failed without naming its rule: " + message);
            assertTrue(
                    message.contains(shownField),
                    () -> mutant + " failed without showing " + shownField + ": " + message);
            assertFalse(message.contains("[redacted]"), () -> mutant + " redacted its own inputs: " + message);
        }
    }

    /** The run's failures; every one must be an assertion, not a broken run. */
    static List<TestExecutionSummary.Failure> failures(
            Class<?> mutant, List<String> properties, long seed, Path database) {
        List<DiscoverySelector> selectors =
                properties.stream().map(name -> selectProperty(mutant, name)).toList();
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
            assertTrue(
                    failure.getException() instanceof AssertionError,
                    () -> mutant + " broke instead of failing: " + failure.getException());
        }
        deleteQuietly(database);
        assertEquals(0, summary.getTestsAbortedCount(), mutant + " aborted");
        assertEquals(selectors.size(), FixedSeedHook.use(0), "every property ran with the run's fixed seed");
        return summary.getFailures();
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
