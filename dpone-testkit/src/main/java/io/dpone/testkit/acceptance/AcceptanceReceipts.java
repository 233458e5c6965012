package io.dpone.testkit.acceptance;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * What a test class's scenarios did, collected while they run and written into the receipt after
 * each test ({@link AcceptanceReceiptExtension}). A scenario's body reports its coverage, backend
 * facts and outcomes; the extension adds whether the test passed. Holds no values, hosts,
 * credentials, SQL or paths: scenario names, outcome names, stable codes, versions and digests only.
 */
public final class AcceptanceReceipts {
    /** What a backend reports about itself for a receipt. */
    public record Backend(String name, String serverVersion, String fixtureDigest) {
        public Backend {
            requireNonNull(name, "name is null");
            requireNonNull(serverVersion, "serverVersion is null");
            requireNonNull(fixtureDigest, "fixtureDigest is null");
        }
    }

    /**
     * One scenario test: what it covered, its backend (empty when the backend could not say, e.g.
     * after a failure) and the outcome of every attempt, in order ({@code passed} comes from JUnit).
     */
    public record Run(String scenario, ScenarioCoverage coverage, Optional<Backend> backend, List<String> outcomes) {
        public Run {
            requireNonNull(scenario, "scenario is null");
            requireNonNull(coverage, "coverage is null");
            requireNonNull(backend, "backend is null");
            outcomes = List.copyOf(requireNonNull(outcomes, "outcomes is null"));
        }
    }

    private static final Map<Class<?>, Map<String, Run>> RUNS = new ConcurrentHashMap<>();

    private AcceptanceReceipts() {}

    /**
     * Records a scenario test's run. The coverage is kept even when the backend cannot say what it
     * is (a failed start, an unreadable version): the test's own result still decides the row.
     */
    public static void record(
            Class<?> testClass,
            String scenario,
            ScenarioCoverage coverage,
            Supplier<Backend> backend,
            List<String> outcomes) {
        Optional<Backend> facts;
        try {
            facts = Optional.of(backend.get());
        } catch (RuntimeException unreadable) {
            facts = Optional.empty();
        }
        RUNS.computeIfAbsent(testClass, c -> new ConcurrentHashMap<>())
                .put(scenario, new Run(scenario, coverage, facts, outcomes));
    }

    /** What {@code testClass} recorded for {@code scenario}, if its body got as far as a cluster. */
    public static Optional<Run> recorded(Class<?> testClass, String scenario) {
        return Optional.ofNullable(RUNS.getOrDefault(testClass, Map.of()).get(scenario));
    }

    /** An attempt as a receipt names it: the outcome's wire name and code, or the refusal's code. */
    public static List<String> outcomes(List<Attempt> attempts) {
        List<String> names = new ArrayList<>();
        for (Attempt attempt : attempts) {
            if (attempt instanceof Attempt.Refused refused) {
                names.add("refused:" + refused.error().code());
            } else {
                names.add(attempt.receipt().outcome().wireName()
                        + attempt.receipt().errorCode().map(code -> ":" + code).orElse(""));
            }
        }
        return names;
    }
}
