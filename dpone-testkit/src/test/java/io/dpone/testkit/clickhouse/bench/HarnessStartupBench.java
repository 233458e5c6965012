package io.dpone.testkit.clickhouse.bench;

import io.dpone.testkit.clickhouse.local.LocalProcessBackend;
import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.RunningCluster;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What the real-ClickHouse harness costs, with the library already cached: the time from
 * {@code start()} until every member answers {@code SELECT 1}, for one node alone (the baseline)
 * and for two members plus ZooKeeper, measured in the same run and reported as a ratio. Run by
 * {@code bench/harness-startup.sh}, which also times the first-time download. Not a test: no
 * assertion on time anywhere.
 */
public final class HarnessStartupBench {

    private HarnessStartupBench() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        LocalProcessBackend backend = new LocalProcessBackend();
        if (backend.availability() instanceof BackendAvailability.Unavailable missing) {
            System.err.println(missing.message());
            System.exit(2);
        }
        ClusterSpec single = new ClusterSpec(ClusterSpec.DEFAULT_CLUSTER_NAME, 1, true);
        ClusterSpec pair = ClusterSpec.twoMembers();
        double warmUp = startMillis(backend, pair);
        List<Double> singles = new ArrayList<>();
        List<Double> pairs = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            singles.add(startMillis(backend, single));
            pairs.add(startMillis(backend, pair));
        }
        double singleMedian = median(singles);
        double pairMedian = median(pairs);
        System.out.printf("first start in a fresh JVM (2 members + ZooKeeper): %7.0f ms%n", warmUp);
        System.out.printf(
                "one node alone (baseline), median of %d:           %7.0f ms  %s%n", rounds, singleMedian, singles);
        System.out.printf(
                "2 members + ZooKeeper, median of %d:              %7.0f ms  %s%n", rounds, pairMedian, pairs);
        System.out.printf("ratio 2 members + ZooKeeper / one node:             %7.2f%n", pairMedian / singleMedian);
        System.out.printf(
                "target: 2 members + ZooKeeper answer in < 5000 ms:  %s%n", pairMedian < 5000 ? "met" : "NOT met");
    }

    private static double startMillis(LocalProcessBackend backend, ClusterSpec spec) {
        long begin = System.nanoTime();
        RunningCluster cluster = backend.start(spec);
        double elapsed = (System.nanoTime() - begin) / 1e6;
        cluster.close();
        return Math.round(elapsed);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
}
