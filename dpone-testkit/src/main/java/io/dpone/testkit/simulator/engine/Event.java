package io.dpone.testkit.simulator.engine;

/**
 * One scheduled step: a background action, or the resumption of a worker coroutine. Events are
 * ordered by due time, then by a random tie-break drawn from the scheduler's seeded generator when
 * the event was scheduled (so equal-time steps interleave by the seed), then by scheduling order.
 * Cancelled events stay in the queue and are skipped when they come up.
 */
final class Event implements Comparable<Event> {
    final long due;
    final long tieBreak;
    final long sequence;
    final Coroutine resumes;
    final Runnable action;
    boolean cancelled;

    Event(long due, long tieBreak, long sequence, Coroutine resumes, Runnable action) {
        this.due = due;
        this.tieBreak = tieBreak;
        this.sequence = sequence;
        this.resumes = resumes;
        this.action = action;
    }

    boolean isResume() {
        return resumes != null;
    }

    @Override
    public int compareTo(Event other) {
        int byDue = Long.compare(due, other.due);
        if (byDue != 0) {
            return byDue;
        }
        int byTie = Long.compare(tieBreak, other.tieBreak);
        return byTie != 0 ? byTie : Long.compare(sequence, other.sequence);
    }
}
