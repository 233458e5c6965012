package io.dpone.testkit.simulator.engine;

import java.util.LinkedHashSet;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * The one place that decides what runs next: a virtual clock, a queue of due steps and one seeded
 * generator. Background steps (hosts executing DDL, replicas fetching, queue cleanup, faults at a
 * time) run inline on whichever thread holds the baton; workers are {@link Coroutine}s that hand the
 * baton over at every port call. A single worker therefore never switches threads: it pops and runs
 * background steps itself until its own step comes up.
 *
 * <p>Determinism: the only inputs are the seed and the order of calls into this class, which is
 * itself decided here, so a seed replays step for step. Not thread-safe by design: only the baton
 * holder may call it ({@link #requireHolder()} checks).
 */
public final class Scheduler {
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private final SplittableRandom random;
    private final TraceLog trace;
    private final Coroutine main = new Coroutine("main");
    private Thread mainThread;
    private Coroutine holder = main;
    private Thread holderThread;
    private long now;
    private long sequence;
    private int liveResumes;
    /** Coroutines held without a timeout ({@link #hold}), in the order they began to wait. */
    private final LinkedHashSet<Coroutine> held = new LinkedHashSet<>();

    private Coroutine driver;
    private Throwable bug;

    public Scheduler(long seed, TraceLog trace) {
        this.random = new SplittableRandom(seed);
        this.trace = trace;
    }

    /** Virtual milliseconds since the simulation started. */
    public long now() {
        return now;
    }

    /** A seeded draw in {@code [min, max]}. */
    public long between(long min, long max) {
        return min >= max ? min : min + random.nextLong(max - min + 1);
    }

    /** A seeded 64-bit draw. */
    public long nextLong() {
        return random.nextLong();
    }

    public void trace(String actor, String text) {
        trace.add(now, actor, text);
    }

    public TraceLog traceLog() {
        return trace;
    }

    /** Runs {@code action} on the baton holder after {@code delayMillis} of virtual time. */
    public Cancellable schedule(long delayMillis, Runnable action) {
        Event event = new Event(now + Math.max(0, delayMillis), random.nextLong(), sequence++, null, action);
        events.add(event);
        return () -> event.cancelled = true;
    }

    /** A scheduled step that can be called off. */
    @FunctionalInterface
    public interface Cancellable {
        void cancel();
    }

    // ---- worker side ------------------------------------------------------------------------

    /** The calling worker waits {@code delayMillis} of virtual time; everything due meanwhile runs. */
    public void yieldFor(long delayMillis) {
        Coroutine self = requireHolder();
        resumeLater(self, delayMillis);
        runUntilResumed(self);
    }

    /**
     * The calling worker waits until {@code signal} is raised or {@code timeoutMillis} passed.
     *
     * @return true when the signal woke it
     */
    public boolean await(WakeList signal, long timeoutMillis) {
        Coroutine self = requireHolder();
        self.signalled = false;
        resumeLater(self, timeoutMillis);
        signal.waiting.add(self);
        runUntilResumed(self);
        signal.waiting.remove(self);
        return self.signalled;
    }

    /**
     * The calling worker waits, without a timeout, until {@code signal} is raised. A hold never
     * hangs a run: once nothing else is left to run (no other coroutine due, no background step
     * queued), the longest-held coroutine is woken ({@link #hold} then returns false).
     *
     * @return true when the signal woke it
     */
    public boolean hold(WakeList signal) {
        Coroutine self = requireHolder();
        self.signalled = false;
        held.add(self);
        signal.waiting.add(self);
        runUntilResumed(self);
        signal.waiting.remove(self);
        return self.signalled;
    }

    /** Wakes every coroutine waiting on {@code signal} now. */
    public void raise(WakeList signal) {
        for (Coroutine waiting : signal.waiting) {
            if (waiting.pending != null) {
                waiting.pending.cancelled = true;
                liveResumes--;
            } else if (!held.remove(waiting)) {
                continue;
            }
            waiting.signalled = true;
            resumeLater(waiting, 0);
        }
        signal.waiting.clear();
    }

    /** Runs background steps on the calling thread until virtual time reaches now + {@code millis}. */
    public void advance(long millis) {
        yieldFor(millis);
    }

    /**
     * The first failure of a background step (a simulator defect, or an assertion inside an admin
     * fault); null if none. Kept rather than thrown so the baton is never lost with a thread.
     */
    public Throwable bug() {
        return bug;
    }

    /** The coroutine of the calling thread; refuses threads the simulator did not hand the baton to. */
    Coroutine requireHolder() {
        Thread caller = Thread.currentThread();
        if (holder == main && driver == null) {
            if (mainThread == null) {
                mainThread = caller;
            }
            holderThread = caller;
            return main;
        }
        if (caller != holderThread) {
            throw new IllegalStateException("a simulated port was called from a thread the simulator did not start;"
                    + " run workers through ClusterSimulator.run and keep the service's calls on the worker's thread");
        }
        return holder;
    }

    void resumeLater(Coroutine coroutine, long delayMillis) {
        Event event = new Event(now + Math.max(0, delayMillis), random.nextLong(), sequence++, coroutine, null);
        coroutine.pending = event;
        liveResumes++;
        events.add(event);
    }

    /** Pops steps until {@code self} is due; hands the baton to another coroutine when it is due first. */
    void runUntilResumed(Coroutine self) {
        while (true) {
            Event next = pollLive();
            if (next.resumes == self) {
                self.pending = null;
                return;
            }
            if (!next.isResume()) {
                runBackground(next);
                continue;
            }
            next.resumes.pending = null;
            transfer(self, next.resumes);
            return;
        }
    }

    /** The current holder stops for good: pass the baton to the next due coroutine, or back to the driver. */
    void retire() {
        while (true) {
            if (liveResumes == 0 && held.isEmpty()) {
                Coroutine waiting = driver;
                holder = waiting;
                holderThread = null;
                waiting.handOver();
                return;
            }
            Event next = pollLive();
            if (!next.isResume()) {
                runBackground(next);
                continue;
            }
            next.resumes.pending = null;
            holder = next.resumes;
            holderThread = null;
            next.resumes.handOver();
            return;
        }
    }

    /** Called by a coroutine thread right after it was handed the baton. */
    void enter(Coroutine self) {
        holder = self;
        holderThread = Thread.currentThread();
    }

    /** The caller of a run waits until every worker retired, running background steps meanwhile. */
    void drive() {
        Coroutine driverCoroutine = requireHolder();
        if (driverCoroutine != main || driver != null) {
            throw new IllegalStateException("a run cannot start inside another run");
        }
        driver = driverCoroutine;
        try {
            while (liveResumes > 0 || !held.isEmpty()) {
                Event next = pollLive();
                if (!next.isResume()) {
                    runBackground(next);
                    continue;
                }
                next.resumes.pending = null;
                transfer(driverCoroutine, next.resumes);
                break;
            }
        } finally {
            driver = null;
            holder = main;
            holderThread = Thread.currentThread();
        }
    }

    private void transfer(Coroutine self, Coroutine target) {
        holder = target;
        holderThread = null;
        target.handOver();
        self.park();
        holder = self;
        holderThread = Thread.currentThread();
    }

    private Event pollLive() {
        while (true) {
            Event next = events.poll();
            if (next == null && !held.isEmpty()) {
                wakeLongestHeld();
                continue;
            }
            if (next == null) {
                throw new IllegalStateException("simulator has nothing to run while a worker waits");
            }
            if (next.cancelled) {
                continue;
            }
            if (next.isResume()) {
                liveResumes--;
            }
            now = Math.max(now, next.due);
            return next;
        }
    }

    /** Nothing else is left to run: the coroutine held longest wakes now, unsignalled. */
    private void wakeLongestHeld() {
        Coroutine longest = held.iterator().next();
        held.remove(longest);
        resumeLater(longest, 0);
    }

    private void runBackground(Event event) {
        try {
            event.action.run();
        } catch (RuntimeException | Error failure) {
            if (bug == null) {
                bug = failure;
            }
            trace("simulator", "background step failed: " + failure);
        }
    }
}
