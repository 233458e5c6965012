package io.dpone.testkit.schedule;

import io.dpone.testkit.simulator.WorldEvent;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The classes of faults the randomized generators draw (issue 18, "The fault model"). A schedule
 * exercised a class when the fault took effect, not when it was drawn: by default when its rule
 * fired; a class with a {@link #event} when the simulator counted that effect (a stale read that hid
 * a change, a multi that failed with Bad version, a session lost mid-write, a second execution);
 * a class that {@link #reportsItself} when its admin action found something to act on (the target
 * existed). {@link #INTERNAL} and {@link #EXTERNAL} must each occur in a default run of their mode.
 */
public enum FaultClass {
    LOST_ANSWER,
    NOT_SENT,
    LOST_READ,
    NOT_SENT_READ,
    SLOW_ANSWER,
    WORKER_PAUSE,
    WORKER_CRASH,
    DUPLICATE_ENTRY,
    MEMBER_PAUSE,
    MEMBER_KILL,
    DDL_STALL,
    HOST_ERROR,
    QUEUE_CLEANUP,
    DRIFT(null, true),
    MEMBERSHIP_DRIFT,
    DOUBLE_EXECUTION(WorldEvent.DOUBLE_EXECUTION, false),
    BAD_VERSION(WorldEvent.BAD_VERSION, false),
    KEEPER_SESSION_LOST(WorldEvent.KEEPER_SESSION_LOST, false),
    STALE_READ(WorldEvent.STALE_READ, false),
    OUTSIDE_INSERT(null, true),
    OUTSIDE_ALTER(null, true),
    /** External mode: a member's load broken off. */
    INTERRUPTED_LOAD,
    /** External mode: a row of a member's candidate changed by an outside writer. */
    CHANGED_ROW(null, true);

    public static final Set<FaultClass> INTERNAL = EnumSet.complementOf(EnumSet.of(INTERRUPTED_LOAD, CHANGED_ROW));
    public static final Set<FaultClass> EXTERNAL = EnumSet.allOf(FaultClass.class);

    /** The simulator's count that proves the effect, or null. */
    final WorldEvent event;
    /** The admin action adds the class itself when it acted. */
    final boolean reportsItself;

    FaultClass() {
        this(null, false);
    }

    FaultClass(WorldEvent event, boolean reportsItself) {
        this.event = event;
        this.reportsItself = reportsItself;
    }

    /** Exercised as soon as its rule fired. */
    boolean countsWhenFired() {
        return event == null && !reportsItself;
    }

    /** The name in {@code fault_classes=...}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
