package io.dpone.testkit.acceptance;

/**
 * Hazardous queue evidence the {@code queue-evidence-hazards} scenario drives the service through,
 * one sub-case each, in this order. A backend lists the hazards it can inject
 * ({@code AcceptanceCluster.injectableQueueHazards()}); for every other one the scenario proves
 * that the backend refuses the injection and says so, so no sub-case is skipped silently.
 */
public enum QueueHazard {
    /** A second queue entry carries the publication token (a hidden client retry). A real server produces it; Docker injects it. */
    DUPLICATE_ENTRY(true),
    /**
     * The bound entry is collected by the queue cleaner (Removing, then gone) while a replica had not
     * run it, before a terminal result was persisted. A real server does it once an entry outlives
     * {@code task_max_lifetime} or falls {@code max_tasks_in_queue} behind; the Docker fixture cannot
     * trigger a cleanup pass on demand.
     */
    COLLECTED_ENTRY(true),
    /**
     * The cluster configuration lists one more host while the publication statement is enqueued, so
     * its entry has a host row outside the admitted host set. A real server does it when
     * {@code remote_servers} is reloaded during the dispatch; the Docker fixture renders it once.
     */
    EXTRA_HOST_ROW(true),
    /** The configuration lists one replica fewer while the statement is enqueued: a host row is missing. As above. */
    MISSING_HOST_ROW(true),
    /** {@code Finished} with NULL exception columns. No 24.8 server shows it (see {@code HostRowDamage}); simulator only. */
    FINISHED_WITH_NULL_EXCEPTION(false),
    /** {@code Finished} with code 0 and a non-empty text. No 24.8 server shows it; simulator only. */
    FINISHED_WITH_CONTRADICTORY_EXCEPTION(false),
    /** {@code Active} with exception columns. No 24.8 server shows it; simulator only. */
    ACTIVE_WITH_EXCEPTION(false),
    /** A cell of an unexpected type (an exception code that is not a UInt16). No 24.8 server shows it; simulator only. */
    UNPARSEABLE_CELL(false),
    /** A NULL status. No 24.8 server shows it; simulator only. */
    NULL_STATUS(false),
    /** A status outside the pinned five. No 24.8 server shows it; simulator only. */
    UNRECOGNIZED_STATUS(false);

    private final boolean realServer;

    QueueHazard(boolean realServer) {
        this.realServer = realServer;
    }

    /** Whether a ClickHouse 24.8 cluster can show this evidence at all (false: only the simulator injects it). */
    public boolean producedByARealServer() {
        return realServer;
    }
}
