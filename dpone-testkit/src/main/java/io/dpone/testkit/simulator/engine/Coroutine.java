package io.dpone.testkit.simulator.engine;

import java.util.concurrent.Semaphore;

/**
 * A thread used strictly as a coroutine: it runs only while it holds the scheduler's baton, and it
 * hands the baton over (and parks) whenever the scheduler picks another coroutine. Exactly one
 * coroutine runs at any time; the semaphore hand-off orders every memory access of one before the
 * next, so simulator state needs no other synchronisation.
 */
final class Coroutine {
    final String name;
    private final Semaphore baton = new Semaphore(0);
    /** The live resume event of this coroutine, if it waits for one. */
    Event pending;
    /** Set when a signal woke the coroutine before its timeout. */
    boolean signalled;

    Coroutine(String name) {
        this.name = name;
    }

    void handOver() {
        baton.release();
    }

    void park() {
        baton.acquireUninterruptibly();
    }
}
