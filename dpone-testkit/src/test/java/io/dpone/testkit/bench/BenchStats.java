package io.dpone.testkit.bench;

import java.util.Arrays;

/** The benchmark runners' shared arithmetic and checks (test sources; never a unit test). */
public final class BenchStats {
    private BenchStats() {
    }

    public static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** A benchmark's own correctness check, outside its timings. */
    public static void require(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("benchmark check failed: " + what);
        }
    }
}
