package io.dpone.testkit.property.mutants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** The run's failures; every one must be an assertion, not a broken run. */
    static List<TestExecutionSummary.Failure> failures(Mutant mutant, long seed, Path database) {
        List<DiscoverySelector> selectors = mutant.properties.stream()
                .map(name -> selectProperty(mutant.suite, name))
                .toList();
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
