package io.dpone.testkit.simulator;

/**
 * A failed simulated scenario, with everything needed to replay it: the seed and the trace tail.
 * Rerun the same test with {@code -Ddpone.simulator.seed=<seed>} (see {@link SeedRunner}).
 */
public final class SimulationFailure extends AssertionError {
    private static final long serialVersionUID = 1L;
    private final long seed;

    public SimulationFailure(long seed, Trace trace, Throwable cause) {
        super(
                "simulation failed with seed " + seed + " (replay: -D" + SeedRunner.REPLAY_PROPERTY + "=" + seed
                        + " or ClusterSimulator.builder().seed(" + seed + "))"
                        + (cause == null ? "" : ": " + cause) + "\nlast steps:\n" + trace.tailText(40),
                cause);
        this.seed = seed;
    }

    public long seed() {
        return seed;
    }
}
