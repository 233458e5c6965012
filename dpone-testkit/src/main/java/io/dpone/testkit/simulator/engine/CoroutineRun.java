package io.dpone.testkit.simulator.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Runs several workers as coroutines over one {@link Scheduler}: each worker gets its own daemon
 * platform thread that runs only while it holds the baton, so a worker's synchronous code is
 * suspended at every port call and the scheduler interleaves workers, hosts and background steps by
 * the seed. The caller's thread drives until every worker has returned, thrown or crashed.
 */
public final class CoroutineRun {
    private CoroutineRun() {}

    /** What one worker's body ended with: its value or what it threw. */
    public record Ended<T>(T value, Throwable thrown) {}

    /**
     * Runs every body (keyed by worker name, started in key order) to its end.
     *
     * @return per worker what it ended with, in key order
     */
    public static <T> Map<String, Ended<T>> run(Scheduler scheduler, Map<String, Function<String, T>> bodies) {
        Map<String, Ended<T>> ended = new LinkedHashMap<>();
        List<Thread> threads = new ArrayList<>();
        for (Map.Entry<String, Function<String, T>> body : bodies.entrySet()) {
            Coroutine coroutine = new Coroutine(body.getKey());
            Thread thread = new Thread(
                    () -> runWorker(scheduler, coroutine, body.getValue(), ended), "simulated-worker-" + body.getKey());
            thread.setDaemon(true);
            threads.add(thread);
            scheduler.resumeLater(coroutine, 0);
            thread.start();
        }
        scheduler.drive();
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while joining a finished worker", interrupted);
            }
        }
        Map<String, Ended<T>> ordered = new LinkedHashMap<>();
        bodies.keySet().forEach(name -> ordered.put(name, ended.get(name)));
        return ordered;
    }

    private static <T> void runWorker(
            Scheduler scheduler, Coroutine self, Function<String, T> body, Map<String, Ended<T>> ended) {
        self.park();
        scheduler.enter(self);
        Ended<T> result;
        try {
            result = new Ended<>(body.apply(self.name), null);
        } catch (Throwable thrown) {
            result = new Ended<>(null, thrown);
        }
        ended.put(self.name, result);
        scheduler.retire();
    }
}
