package io.dpone.testkit.schedule;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

/**
 * Runs many seeded schedules across a fixed number of threads. Seeds are partitioned by a fixed
 * stride (thread {@code t} runs {@code first + t}, {@code first + t + threads}, ...); every schedule
 * is independent and deterministic, so the summary does not depend on the thread count or timing.
 */
public final class RandomizedSchedules {
    /** How many violating schedules a summary keeps for printing (the smallest seeds). */
    public static final int KEPT_FAILURES = 5;

    private RandomizedSchedules() {}

    /** The counts of one run. */
    public record Summary(
            long schedules,
            long violating,
            Map<OutcomeClass, Long> outcomes,
            List<ScheduleResult> failures,
            Map<String, Long> violationKinds,
            Map<String, Long> codes,
            long calls,
            long checks,
            double seconds,
            Map<FaultClass, Long> faultClasses) {
        public Summary {
            outcomes = Map.copyOf(outcomes);
            faultClasses = Collections.unmodifiableMap(new EnumMap<>(faultClasses));
            failures = List.copyOf(failures);
            violationKinds = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(violationKinds));
            codes = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(codes));
        }

        /** {@code fault_classes=lost_answer:N,...}: how many schedules exercised each class of {@code expected}, in order. */
        public String faultClassesLine(Set<FaultClass> expected) {
            return "fault_classes="
                    + expected.stream()
                            .map(c -> c.label() + ":" + faultClasses.getOrDefault(c, 0L))
                            .collect(Collectors.joining(","));
        }

        /** The classes of {@code expected} no schedule exercised. */
        public Set<FaultClass> missingFaultClasses(Set<FaultClass> expected) {
            Set<FaultClass> missing = EnumSet.noneOf(FaultClass.class);
            expected.stream().filter(c -> faultClasses.getOrDefault(c, 0L) == 0).forEach(missing::add);
            return missing;
        }

        /** The bench script's last line: {@code schedules=N violations=V committed=... partial_in_progress=... ...}. */
        public String line() {
            StringBuilder text = new StringBuilder("schedules=" + schedules + " violations=" + violating);
            for (OutcomeClass outcome : OutcomeClass.values()) {
                text.append(' ').append(outcome.label()).append('=').append(outcomes.getOrDefault(outcome, 0L));
            }
            return text.toString();
        }
    }

    public static Summary run(long first, long count, ScheduleMode generator, int threads) {
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
            Thread thread = new Thread(runnable, "schedules");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<Partial>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long offset = t;
                futures.add(pool.submit(() -> {
                    Partial partial = new Partial();
                    for (long i = offset; i < count; i += threads) {
                        partial.add(runOne(generator, first + i));
                    }
                    return partial;
                }));
            }
            Partial total = new Partial();
            for (Future<Partial> future : futures) {
                total.merge(future.get());
            }
            total.failures.sort(
                    Comparator.comparingLong(result -> result.schedule().seed()));
            return new Summary(
                    count,
                    total.violating,
                    total.outcomes,
                    total.failures.stream().limit(KEPT_FAILURES).collect(Collectors.toList()),
                    withFirstSeeds(total),
                    codesWithFirstSeeds(total),
                    total.calls,
                    total.checks,
                    (System.nanoTime() - start) / 1e9,
                    total.faultClasses);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", interrupted);
        } catch (ExecutionException failed) {
            throw new IllegalStateException("a schedule thread failed", failed.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** One seed; a simulator defect or any other throwable is reported as a violation of that seed. */
    public static ScheduleResult runOne(ScheduleMode generator, long seed) {
        Schedule schedule = generator.generate(seed);
        try {
            return generator.run(schedule);
        } catch (RuntimeException | Error defect) {
            return new ScheduleResult(
                    schedule,
                    OutcomeClass.CRASHED,
                    "",
                    List.of("the schedule failed: " + defect),
                    0,
                    0,
                    defect instanceof AssertionError ? String.valueOf(defect.getMessage()) : "",
                    Set.of());
        }
    }

    /** Each outcome and code with the first seed that ended so, for replay: {@code "unknown CODE (first seed N)"}. */
    private static Map<String, Long> codesWithFirstSeeds(Partial total) {
        Map<String, Long> named = new java.util.HashMap<>();
        total.codes.forEach((code, n) -> named.put(code + " (first seed " + total.firstCodeSeeds.get(code) + ")", n));
        return named;
    }

    private static Map<String, Long> withFirstSeeds(Partial total) {
        Map<String, Long> named = new java.util.HashMap<>();
        total.kinds.forEach((kind, n) -> named.put(kind + " (first seed " + total.firstSeeds.get(kind) + ")", n));
        return named;
    }

    /** A violation without its time, numbers and identifiers: what kind of violation it is. */
    public static String kind(String violation) {
        return violation
                .lines()
                .findFirst()
                .orElse("")
                .replaceFirst("^t=\\d+ms: ", "")
                .replaceAll("[0-9a-f]{12,}", "X")
                .replaceAll("\\d+", "N");
    }

    private static final class Partial {
        private final Map<OutcomeClass, Long> outcomes = new EnumMap<>(OutcomeClass.class);
        private final Map<FaultClass, Long> faultClasses = new EnumMap<>(FaultClass.class);
        private final List<ScheduleResult> failures = new ArrayList<>();
        private final Map<String, Long> kinds = new java.util.HashMap<>();
        private final Map<String, Long> firstSeeds = new java.util.HashMap<>();
        private final Map<String, Long> codes = new java.util.HashMap<>();
        private final Map<String, Long> firstCodeSeeds = new java.util.HashMap<>();
        private long violating;
        private long calls;
        private long checks;

        void add(ScheduleResult result) {
            outcomes.merge(result.outcome(), 1L, Long::sum);
            result.exercised().forEach(faultClass -> faultClasses.merge(faultClass, 1L, Long::sum));
            String code = result.outcome().label() + (result.code().isEmpty() ? "" : " " + result.code());
            codes.merge(code, 1L, Long::sum);
            firstCodeSeeds.merge(code, result.schedule().seed(), Math::min);
            calls += result.calls();
            checks += result.checks();
            if (result.violated()) {
                violating++;
                result.violations().stream()
                        .map(RandomizedSchedules::kind)
                        .distinct()
                        .forEach(kind -> {
                            kinds.merge(kind, 1L, Long::sum);
                            firstSeeds.merge(kind, result.schedule().seed(), Math::min);
                        });
                failures.add(result);
                if (failures.size() > KEPT_FAILURES) {
                    failures.sort(Comparator.comparingLong(r -> r.schedule().seed()));
                    failures.remove(failures.size() - 1);
                }
            }
        }

        void merge(Partial other) {
            other.outcomes.forEach((outcome, n) -> outcomes.merge(outcome, n, Long::sum));
            other.faultClasses.forEach((faultClass, n) -> faultClasses.merge(faultClass, n, Long::sum));
            failures.addAll(other.failures);
            other.kinds.forEach((kind, n) -> kinds.merge(kind, n, Long::sum));
            other.firstSeeds.forEach((kind, seed) -> firstSeeds.merge(kind, seed, Math::min));
            other.codes.forEach((code, n) -> codes.merge(code, n, Long::sum));
            other.firstCodeSeeds.forEach((code, seed) -> firstCodeSeeds.merge(code, seed, Math::min));
            violating += other.violating;
            calls += other.calls;
            checks += other.checks;
        }
    }
}
