package io.dpone.testkit.simulator;

/**
 * Hooks a test installs with {@link ClusterSimulator#observeSteps} to check invariants at every step
 * that can change what the protocol promises: each port call right before the server acts and right
 * after it ended, each host right before it applies a queue entry to its own catalog, and each
 * member right before it applies a statement sent over a direct member session. Observers
 * run on the thread that holds the simulator's baton, inside the step: they must only read (through
 * {@link ClusterSimulator#observe()}) and must not call ports or admin. An exception thrown here
 * unwinds the worker or the background step like a defect; record violations instead.
 */
public interface StepObserver {
    /** A port call reaches the server: after its latency and the schedule's faults, before the server acts. */
    default void beforeServer(PortEvent call) {}

    /**
     * The server applied a port call's effect (a KeeperMap write, an enqueue, a load); its answer has
     * not reached the worker yet, and may arrive late (a slow answer, a paused worker) or never.
     */
    default void afterServer(PortEvent call) {}

    /** A port call ended; {@code record} is already in the call log. */
    default void afterCall(CallRecord record) {}

    /** A host is about to apply a queue entry (or to report an injected host error instead). */
    default void beforeHostApplies(HostStep step) {}

    /** A member is about to apply a statement of a direct member session (external mode's local create, drop, insert). */
    default void beforeMemberApplies(MemberStep step) {}
}
