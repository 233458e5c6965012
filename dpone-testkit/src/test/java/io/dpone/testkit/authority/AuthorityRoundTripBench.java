package io.dpone.testkit.authority;

import io.dpone.testkit.clickhouse.local.LocalProcessBackend;
import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Issue 5's benchmark: round trips and wall time of admission + acquire + CAS + post-read
 * ({@link AdmissionToPermit}) on the two-member harness, as a ratio to one {@code SELECT 1} round
 * trip over the same transport measured in the same run (medians; both transports warmed, then
 * measured round-robin in every round). Run by
 * {@code bench/authority-round-trips.sh}. Not a test: nothing here asserts on time.
 */
public final class AuthorityRoundTripBench {
    private static final int WARM_UP = Integer.getInteger("bench.warmUp", 20);

    private AuthorityRoundTripBench() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        LocalProcessBackend backend = new LocalProcessBackend();
        if (backend.availability() instanceof BackendAvailability.Unavailable missing) {
            System.err.println(missing.message());
            System.exit(2);
        }
        try (RunningCluster cluster = backend.start(ClusterSpec.twoMembers())) {
            TestDatabase database = cluster.createTestDatabase();
            ControlTable table = ControlTable.create(cluster, database);
            Map<Protocol, AdmissionToPermit> paths = new EnumMap<>(Protocol.class);
            try {
                for (Protocol protocol : Protocol.values()) {
                    paths.put(protocol, new AdmissionToPermit(protocol, cluster, database, table));
                }
                Map<Protocol, Samples> samples = measure(paths, rounds);
                samples.forEach((protocol, measured) -> measured.report(protocol, rounds));
            } finally {
                paths.values().forEach(AdmissionToPermit::close);
            }
            cluster.dropTestDatabase(database);
        }
    }

    /**
     * Warms both transports, then measures them round-robin within each round, so neither gets a
     * warmer JVM or a quieter machine than the other (measured one after the other, the second
     * transport ran on code the first had already compiled).
     */
    private static Map<Protocol, Samples> measure(Map<Protocol, AdmissionToPermit> paths, int rounds) {
        for (int i = 0; i < WARM_UP; i++) {
            for (AdmissionToPermit path : paths.values()) {
                path.selectOneNanos();
                for (AdmissionToPermit.Shape shape : AdmissionToPermit.Shape.values()) {
                    path.run(shape);
                }
            }
        }
        Map<Protocol, Samples> samples = new EnumMap<>(Protocol.class);
        paths.keySet().forEach(protocol -> samples.put(protocol, new Samples()));
        for (int i = 0; i < rounds; i++) {
            for (Map.Entry<Protocol, AdmissionToPermit> entry : paths.entrySet()) {
                AdmissionToPermit path = entry.getValue();
                Samples measured = samples.get(entry.getKey());
                measured.selects.add(path.selectOneNanos() / 1e6);
                measured.fanOuts.add(path.fanOutNanos() / 1e6);
                for (AdmissionToPermit.Shape shape : AdmissionToPermit.Shape.values()) {
                    measured.runs.computeIfAbsent(shape, s -> new ArrayList<>()).add(path.run(shape));
                }
            }
        }
        return samples;
    }

    /** What was measured for one transport. */
    private static final class Samples {
        final List<Double> selects = new ArrayList<>();
        final List<Double> fanOuts = new ArrayList<>();
        final Map<AdmissionToPermit.Shape, List<AdmissionToPermit.Run>> runs =
                new EnumMap<>(AdmissionToPermit.Shape.class);

        void report(Protocol protocol, int rounds) {
            double select = median(selects);
            System.out.printf(
                    "%-6s SELECT 1 round trip, median of %d:            %8.2f ms%n", protocol, rounds, select);
            System.out.printf(
                    "%-6s clusterAllReplicas(system.one), median of %d: %8.2f ms (%.1f x)%n",
                    protocol, rounds, median(fanOuts), median(fanOuts) / select);
            for (AdmissionToPermit.Shape shape : AdmissionToPermit.Shape.values()) {
                List<AdmissionToPermit.Run> measured = runs.get(shape);
                double full =
                        median(measured.stream().map(run -> run.nanos() / 1e6).toList());
                int roundTrips = measured.get(0).roundTrips();
                System.out.printf(
                        "%-6s %s: admission -> permit %8.2f ms, %d round trips, %.1f x one round trip%n",
                        protocol, shape, full, roundTrips, full / select);
                for (int s = 0; s < shape.steps.size(); s++) {
                    int step = s;
                    System.out.printf(
                            "%-6s   step %-24s median %8.2f ms%n",
                            protocol,
                            shape.steps.get(s),
                            median(measured.stream()
                                    .map(run -> run.stepNanos().get(step) / 1e6)
                                    .toList()));
                }
                if (shape == AdmissionToPermit.Shape.ISSUE_PATH) {
                    System.out.printf(
                            "%-6s target <= 12 round trips and < 25x:           %s%n",
                            protocol, roundTrips <= 12 && full / select < 25 ? "met" : "NOT met");
                }
            }
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
}
