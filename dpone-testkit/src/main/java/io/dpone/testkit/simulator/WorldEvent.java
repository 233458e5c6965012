package io.dpone.testkit.simulator;

/**
 * Effects of the Keeper and host faults that happened in a run, counted as they take effect (a
 * fault rule that fires without changing anything is not one): what a randomized run reports as
 * exercised ({@link SimulatorObservation#worldEvents()}).
 */
public enum WorldEvent {
    /** A KeeperMap read was served older than the leader's state (a lagging follower). */
    STALE_READ,
    /** A strict update's multi failed with 999 "Bad version": another write landed after its read. */
    BAD_VERSION,
    /** A member's Keeper session was lost with a KeeperMap write in flight. */
    KEEPER_SESSION_LOST,
    /** A host executed a queue entry a second time after dying before it wrote {@code finished/}. */
    DOUBLE_EXECUTION
}
