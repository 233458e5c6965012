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
 * trip over the same transport measured in the same run (medians, interleaved). Run by
 * {@code bench/authority-round-trips.sh}. Not a test: nothing here asserts on time.
 */
public final class AuthorityRoundTripBench {
    private static final int WARM_UP = Integer.getInteger("bench.warmUp", 20);

    private AuthorityRoundTripBench() {
    }

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
            for (Protocol protocol : Protocol.values()) {
                try (AdmissionToPermit path = new AdmissionToPermit(protocol, cluster, database, table.ref)) {
                    report(protocol, path, rounds);
                }
            }
            cluster.dropTestDatabase(database);
        }
    }

    private static void report(Protocol protocol, AdmissionToPermit path, int rounds) {
        for (int i = 0; i < WARM_UP; i++) {
            path.selectOneNanos();
            for (AdmissionToPermit.Shape shape : AdmissionToPermit.Shape.values()) {
                path.run(shape);
            }
        }
        List<Double> selects = new ArrayList<>();
        List<Double> fanOuts = new ArrayList<>();
        Map<AdmissionToPermit.Shape, List<AdmissionToPermit.Run>> runs = new EnumMap<>(AdmissionToPermit.Shape.class);
        for (int i = 0; i < rounds; i++) {
            selects.add(path.selectOneNanos() / 1e6);
            fanOuts.add(path.fanOutNanos() / 1e6);
            for (AdmissionToPermit.Shape shape : AdmissionToPermit.Shape.values()) {
                runs.computeIfAbsent(shape, s -> new ArrayList<>()).add(path.run(shape));
            }
        }
        double select = median(selects);
        System.out.printf("%-6s SELECT 1 round trip, median of %d:            %8.2f ms%n", protocol, rounds, select);
        System.out.printf("%-6s clusterAllReplicas(system.one), median of %d: %8.2f ms (%.1f x)%n", protocol, rounds,
                median(fanOuts), median(fanOuts) / select);
        for (AdmissionToPermit.Shape shape : AdmissionToPermit.Shape.values()) {
            List<AdmissionToPermit.Run> measured = runs.get(shape);
            double full = median(measured.stream().map(run -> run.nanos() / 1e6).toList());
            int roundTrips = measured.get(0).roundTrips();
            System.out.printf("%-6s %s: admission -> permit %8.2f ms, %d round trips, %.1f x one round trip%n",
                    protocol, shape, full, roundTrips, full / select);
            for (int s = 0; s < shape.steps.size(); s++) {
                int step = s;
                System.out.printf("%-6s   step %-24s median %8.2f ms%n", protocol, shape.steps.get(s),
                        median(measured.stream().map(run -> run.stepNanos().get(step) / 1e6).toList()));
            }
            if (shape == AdmissionToPermit.Shape.ISSUE_PATH) {
                System.out.printf("%-6s target <= 12 round trips and < 25x:           %s%n", protocol,
                        roundTrips <= 12 && full / select < 25 ? "met" : "NOT met");
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
