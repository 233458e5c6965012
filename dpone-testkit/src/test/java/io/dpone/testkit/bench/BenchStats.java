package io.dpone.testkit.bench;

import io.dpone.testkit.clickhouse.local.LocalProcessBackend;
import io.dpone.testkit.cluster.BackendAvailability;
import java.util.Arrays;

/** The benchmark runners' shared start-up, arithmetic and checks (test sources; never a unit test). */
public final class BenchStats {
    private BenchStats() {}

    /** The local real ClickHouse backend; without the library the runner says why and exits 2. */
    public static LocalProcessBackend localBackend() {
        LocalProcessBackend backend = new LocalProcessBackend();
        if (backend.availability() instanceof BackendAvailability.Unavailable missing) {
            System.err.println(missing.message());
            System.exit(2);
        }
        return backend;
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
