package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.stream.LongStream;

/**
 * Runs a simulated scenario over many seeds and makes every failure replayable: the failure names
 * its seed and the trace tail, and setting the system property {@value #REPLAY_PROPERTY} to that
 * seed runs only it.
 */
public final class SeedRunner {
    public static final String REPLAY_PROPERTY = "dpone.simulator.seed";

    private SeedRunner() {}

    /** {@code first .. first + count - 1}, or only the seed of {@value #REPLAY_PROPERTY} when it is set. */
    public static LongStream seeds(long first, int count) {
        String replay = System.getProperty(REPLAY_PROPERTY);
        if (replay != null && !replay.isBlank()) {
            return LongStream.of(Long.parseLong(replay.strip()));
        }
        return LongStream.range(first, first + count);
    }

    /**
     * Builds a simulator per seed and runs {@code scenario} on it; the first failure is rethrown as a
     * {@link SimulationFailure} carrying the seed and the trace tail.
     */
    public static void forEachSeed(
            long first, int count, LongFunction<ClusterSimulator> build, Consumer<ClusterSimulator> scenario) {
        requireNonNull(build, "build is null");
        requireNonNull(scenario, "scenario is null");
        seeds(first, count).forEach(seed -> runOne(seed, build, scenario));
    }

    /** Runs one seed; a failure becomes a {@link SimulationFailure}. */
    public static void runOne(long seed, LongFunction<ClusterSimulator> build, Consumer<ClusterSimulator> scenario) {
        ClusterSimulator simulator = build.apply(seed);
        try {
            scenario.accept(simulator);
        } catch (SimulationFailure failure) {
            throw failure;
        } catch (RuntimeException | AssertionError failure) {
            throw new SimulationFailure(seed, simulator.trace(), failure);
        }
    }
}
