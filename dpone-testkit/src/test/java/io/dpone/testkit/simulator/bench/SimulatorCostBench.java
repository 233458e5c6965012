package io.dpone.testkit.simulator.bench;

import io.dpone.testkit.simulator.ClusterSimulator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Issue 10's benchmark: the cost of one simulated port call (statement), as a ratio to one trivial
 * in-memory map operation measured in the same run, and the wall time of publication-shaped
 * schedules ({@link BenchPublication}: two racing workers, about 50 port calls, one fault), single
 * threaded and on every core. Run by {@code bench/simulator-cost.sh}. Not a test: nothing asserts on time.
 */
public final class SimulatorCostBench {
    private SimulatorCostBench() {}

    public static void main(String[] args) throws Exception {
        int schedules = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int rounds = 5;
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores");
        warmUp();
        List<Double> mapNanos = new ArrayList<>();
        List<Double> callNanos = new ArrayList<>();
        List<Double> scheduleMillis = new ArrayList<>();
        List<Double> aloneNanos = new ArrayList<>();
        long calls = 0;
        for (int round = 0; round < rounds; round++) {
            mapNanos.add(mapOperationNanos());
            long start = System.nanoTime();
            long roundCalls = 0;
            int count = Math.max(1, schedules / 10);
            for (int i = 0; i < count; i++) {
                roundCalls += BenchPublication.run(round * 1_000_000L + i)
                        .observe()
                        .calls()
                        .records()
                        .size();
            }
            long elapsed = System.nanoTime() - start;
            callNanos.add((double) elapsed / roundCalls);
            scheduleMillis.add(elapsed / 1e6 / count);
            calls = roundCalls / count;
            start = System.nanoTime();
            long aloneCalls = 0;
            for (int i = 0; i < count; i++) {
                aloneCalls += BenchPublication.runAlone(round * 1_000_000L + i)
                        .observe()
                        .calls()
                        .records()
                        .size();
            }
            aloneNanos.add((double) (System.nanoTime() - start) / aloneCalls);
        }
        double map = median(mapNanos);
        double call = median(callNanos);
        System.out.printf("trivial map operation (HashMap get+put): %.1f ns (median of %d rounds)%n", map, rounds);
        System.out.printf("simulated port call: %.0f ns, %.0f x the map operation%n", call, call / map);
        System.out.printf(
                "simulated port call of a single worker (no hand-off): %.0f ns, %.0f x the map operation%n",
                median(aloneNanos), median(aloneNanos) / map);
        System.out.printf(
                "publication schedule (2 workers, ~%d port calls, one fault): %.3f ms single-threaded%n",
                calls, median(scheduleMillis));
        parallel(schedules);
    }

    /** {@code schedules} schedules on a pool of one thread per core: what a randomized test suite would see. */
    private static void parallel(int schedules) throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        ExecutorService pool = Executors.newFixedThreadPool(cores);
        try {
            long start = System.nanoTime();
            List<Future<?>> futures = new ArrayList<>();
            for (int worker = 0; worker < cores; worker++) {
                int offset = worker;
                futures.add(pool.submit(() -> {
                    for (int i = offset; i < schedules; i += cores) {
                        BenchPublication.run(7_000_000L + i);
                    }
                }));
            }
            for (Future<?> future : futures) {
                future.get();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(
                    "%d publication schedules on %d threads: %.1f s (%.0f schedules/s)%n",
                    schedules, cores, seconds, schedules / seconds);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void warmUp() {
        for (int i = 0; i < 2_000; i++) {
            BenchPublication.run(-1 - i);
        }
        mapOperationNanos();
    }

    private static double mapOperationNanos() {
        Map<String, Long> map = new HashMap<>();
        String[] keys = new String[1024];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = "key-" + i;
            map.put(keys[i], (long) i);
        }
        int operations = 5_000_000;
        long sink = 0;
        long start = System.nanoTime();
        for (int i = 0; i < operations; i++) {
            String key = keys[i & 1023];
            long value = map.get(key);
            map.put(key, value + 1);
            sink += value;
        }
        long elapsed = System.nanoTime() - start;
        if (sink == 42) {
            System.out.print("");
        }
        return (double) elapsed / operations;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    /** One schedule's simulator, for a quick look at its trace. */
    static ClusterSimulator sample(long seed) {
        return BenchPublication.run(seed);
    }
}
