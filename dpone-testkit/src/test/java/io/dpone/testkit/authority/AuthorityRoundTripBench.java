package io.dpone.testkit.authority;

import io.dpone.testkit.clickhouse.local.LocalProcessBackend;
import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Issue 5's benchmark: round trips and wall time of admission + acquire + CAS + post-read
 * ({@link AdmissionToPermit}) on the two-member harness, as a ratio to one {@code SELECT 1} round
 * trip over the same transport measured in the same run (medians, interleaved). Run by
 * {@code bench/authority-round-trips.sh}. Not a test: nothing here asserts on time.
 */
public final class AuthorityRoundTripBench {
    private static final int WARM_UP = 20;

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
            path.run();
        }
        List<Double> selects = new ArrayList<>();
        List<Double> paths = new ArrayList<>();
        List<Double> fanOuts = new ArrayList<>();
        List<List<Double>> steps = new ArrayList<>();
        AdmissionToPermit.STEPS.forEach(step -> steps.add(new ArrayList<>()));
        int roundTrips = -1;
        for (int i = 0; i < rounds; i++) {
            selects.add(path.selectOneNanos() / 1e6);
            fanOuts.add(path.fanOutNanos() / 1e6);
            AdmissionToPermit.Run run = path.run();
            paths.add(run.nanos() / 1e6);
            roundTrips = run.roundTrips();
            for (int s = 0; s < steps.size(); s++) {
                steps.get(s).add(run.stepNanos().get(s) / 1e6);
            }
        }
        double select = median(selects);
        double full = median(paths);
        double ratio = full / select;
        System.out.printf("%-6s SELECT 1 round trip, median of %d:            %8.2f ms%n", protocol, rounds, select);
        System.out.printf("%-6s clusterAllReplicas(system.one), median of %d: %8.2f ms (%.1f x)%n", protocol, rounds,
                median(fanOuts), median(fanOuts) / select);
        System.out.printf("%-6s admission -> permit, median of %d:            %8.2f ms  (%d round trips)%n",
                protocol, rounds, full, roundTrips);
        for (int s = 0; s < steps.size(); s++) {
            System.out.printf("%-6s   step %-22s median %8.2f ms%n", protocol, AdmissionToPermit.STEPS.get(s), median(steps.get(s)));
        }
        System.out.printf("%-6s ratio to one round trip:                      %8.1f x%n", protocol, ratio);
        System.out.printf("%-6s target <= 12 round trips and < 25x:           %s%n", protocol,
                roundTrips <= 12 && ratio < 25 ? "met" : "NOT met");
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
}
