package io.dpone.testkit.simulator;

/**
 * Thrown from a worker's port call to unwind a worker the schedule crashed, as if its process died
 * at that point. It is an {@link Error} so ordinary service code does not catch it; every later
 * port call of the crashed worker throws it again.
 */
public final class WorkerCrash extends Error {
    private static final long serialVersionUID = 1L;

    public WorkerCrash(String worker, String where) {
        super("worker " + worker + " crashed " + where, null, false, false);
    }
}
