package io.dpone.testkit.simulator.world;

import io.dpone.testkit.simulator.LocalResult;

/** The fault schedule's hooks into DDL execution on hosts. */
public interface HostFaults {
    HostFaults NONE = new HostFaults() {
        @Override
        public void beforeHostStarts(SimMember member, QueueEntry entry) {}

        @Override
        public LocalResult.Failed hostFailure(SimMember member, QueueEntry entry) {
            return null;
        }

        @Override
        public boolean killedBeforeFinished(SimMember member, QueueEntry entry) {
            return false;
        }
    };

    /** Runs right before {@code member} starts executing {@code entry}; may change the world. */
    void beforeHostStarts(SimMember member, QueueEntry entry);

    /** A terminal error {@code member} reports for {@code entry} instead of executing it, or null. */
    LocalResult.Failed hostFailure(SimMember member, QueueEntry entry);

    /** Whether {@code member} dies after executing {@code entry} and before writing its {@code finished/} node (once). */
    boolean killedBeforeFinished(SimMember member, QueueEntry entry);
}
