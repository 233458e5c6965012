package io.dpone.testkit.fault;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Chooses a {@link TransportFault} per call from rules keyed by {@link StatementKind}, using a seeded
 * generator: the same seed and the same call sequence give the same faults. A rule is either
 * "always" (probability 1) or fires with a probability; the first matching rule for a kind wins.
 * Thread-safe; decisions are serialised so concurrent callers see one reproducible sequence.
 */
public final class FaultPlan {
    private record Rule(TransportFault fault, double probability) {}

    private final long seed;
    private final SplittableRandom random;
    private final Map<StatementKind, List<Rule>> rules;
    private final Duration delay;

    private FaultPlan(long seed, Map<StatementKind, List<Rule>> rules, Duration delay) {
        this.seed = seed;
        this.random = new SplittableRandom(seed);
        this.rules = rules;
        this.delay = delay;
    }

    /** A plan that never injects anything. */
    public static FaultPlan none() {
        return builder(0).build();
    }

    public static Builder builder(long seed) {
        return new Builder(seed);
    }

    public long seed() {
        return seed;
    }

    public Duration delay() {
        return delay;
    }

    /** The fault for the next call of {@code kind}; draws from the seeded sequence only when a rule exists. */
    public synchronized TransportFault next(StatementKind kind) {
        for (Rule rule : rules.getOrDefault(requireNonNull(kind, "kind is null"), List.of())) {
            if (rule.probability() >= 1.0 || random.nextDouble() < rule.probability()) {
                return rule.fault();
            }
        }
        return TransportFault.NONE;
    }

    /** Collects rules; not thread-safe. */
    public static final class Builder {
        private final long seed;
        private final Map<StatementKind, List<Rule>> rules = new EnumMap<>(StatementKind.class);
        private Duration delay = Duration.ofMillis(100);

        private Builder(long seed) {
            this.seed = seed;
        }

        /** Every call of {@code kind} gets {@code fault}. */
        public Builder always(StatementKind kind, TransportFault fault) {
            return withProbability(kind, fault, 1.0);
        }

        /** Calls of {@code kind} get {@code fault} with {@code probability} in (0, 1]. */
        public Builder withProbability(StatementKind kind, TransportFault fault, double probability) {
            requireNonNull(kind, "kind is null");
            requireNonNull(fault, "fault is null");
            if (!(probability > 0 && probability <= 1)) {
                throw new IllegalArgumentException("probability must be in (0, 1]");
            }
            rules.computeIfAbsent(kind, k -> new ArrayList<>()).add(new Rule(fault, probability));
            return this;
        }

        /** The wait used by {@link TransportFault#DELAY}. */
        public Builder delay(Duration value) {
            requireNonNull(value, "value is null");
            if (value.isNegative()) {
                throw new IllegalArgumentException("delay must not be negative");
            }
            this.delay = value;
            return this;
        }

        public FaultPlan build() {
            Map<StatementKind, List<Rule>> copy = new EnumMap<>(StatementKind.class);
            rules.forEach((kind, list) -> copy.put(kind, List.copyOf(list)));
            return new FaultPlan(seed, Collections.unmodifiableMap(copy), delay);
        }
    }
}
