package io.dpone.testkit.modes.acceptance;

import io.dpone.testkit.acceptance.WorkerResult;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.WorkerOutcome;
import io.dpone.testkit.simulator.WorkerPorts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Runs workers' bodies as one seeded simulator schedule, for both modes' simulated backends. */
final class SimulatedRaces {
    private SimulatedRaces() {}

    /** Each body over its worker's ports ({@code ports} of its name), interleaved by the simulator. */
    static <P, T> Map<String, WorkerResult<T>> race(
            ClusterSimulator simulator,
            Function<String, WorkerPorts> workers,
            Function<String, P> ports,
            Map<String, Function<P, T>> bodies) {
        List<ClusterSimulator.Worker<T>> list = new ArrayList<>();
        bodies.forEach((name, body) ->
                list.add(new ClusterSimulator.Worker<>(workers.apply(name), unused -> body.apply(ports.apply(name)))));
        Map<String, WorkerResult<T>> results = new LinkedHashMap<>();
        simulator.run(list).forEach((name, outcome) -> results.put(name, result(outcome)));
        return results;
    }

    private static <T> WorkerResult<T> result(WorkerOutcome<T> outcome) {
        if (outcome instanceof WorkerOutcome.Returned<T> returned) {
            return new WorkerResult.Returned<>(returned.value());
        }
        if (outcome instanceof WorkerOutcome.Threw<T> threw) {
            return new WorkerResult.Threw<>(threw.thrown());
        }
        return new WorkerResult.Crashed<>();
    }
}
