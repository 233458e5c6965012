package io.dpone.testkit.simulator.ports;

import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.engine.WakeList;
import io.dpone.testkit.simulator.world.World;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The simulated workers' processes: which died (every later port call unwinds them) and which are
 * frozen by a {@link SimulatorFault.PauseWorker}, each with the signal that resumes it. A frozen worker is a
 * coroutine held by the scheduler; its thread, and so everything it read and holds, is untouched.
 */
public final class WorkerProcesses {
    private final World world;
    private final Set<String> crashed = new HashSet<>();
    private final Map<String, WakeList> paused = new LinkedHashMap<>();

    public WorkerProcesses(World world) {
        this.world = world;
    }

    boolean crashed(String worker) {
        return crashed.contains(worker);
    }

    void crash(String worker) {
        crashed.add(worker);
    }

    /**
     * Freezes the calling worker {@code worker} until the pause's bound, a resume or kill naming it,
     * or (without a bound) until nothing else is left to run; virtual time passes meanwhile.
     *
     * @return the virtual milliseconds it was frozen
     */
    long pause(String worker, SimulatorFault.PauseWorker pause, String where) {
        WakeList signal = new WakeList();
        paused.put(worker, signal);
        long from = world.now();
        world.trace(
                worker,
                "paused " + where
                        + pause.resumeAfter()
                                .map(bound -> " for up to " + bound.toMillis() + " ms")
                                .orElse(" until resumed"));
        boolean signalled = pause.resumeAfter().isPresent()
                ? world.scheduler().await(signal, pause.resumeAfter().get().toMillis())
                : world.scheduler().hold(signal);
        paused.remove(worker);
        long frozen = world.now() - from;
        String why = signalled
                ? "by a fault"
                : pause.resumeAfter().isPresent() ? "at its bound" : "as nothing else was left to run";
        world.trace(
                worker,
                (crashed.contains(worker) ? "killed while paused, after " : "resumed " + why + " after ") + frozen
                        + " ms");
        return frozen;
    }

    /** A {@link SimulatorFault.ResumeWorker}: the worker resumes now if it is paused. */
    public void resume(String worker) {
        WakeList signal = paused.get(worker);
        if (signal == null || signal.isEmpty()) {
            world.trace("fault", "worker " + worker + " is not paused: nothing to resume");
            return;
        }
        world.scheduler().raise(signal);
    }

    /** A {@link SimulatorFault.KillWorker}: the worker's process dies now; a paused one wakes only to unwind. */
    public void kill(String worker) {
        crashed.add(worker);
        WakeList signal = paused.get(worker);
        if (signal != null) {
            world.scheduler().raise(signal);
        }
    }
}
