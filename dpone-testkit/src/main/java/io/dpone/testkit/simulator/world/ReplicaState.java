package io.dpone.testkit.simulator.world;

import java.util.ArrayDeque;
import java.util.BitSet;

/**
 * One replica's replication progress ({@code ReplicatedMergeTreeQueue.cpp}, semantics note section
 * 4): the log pointer (0 while empty; a pull sets it to the last pulled index + 1), the queue of
 * pulled but not yet fetched parts, and which log entries' parts it holds.
 */
public final class ReplicaState {
    public long rows;
    public long logPointer;
    final ArrayDeque<Integer> queue = new ArrayDeque<>();
    final BitSet parts = new BitSet();
    boolean pullScheduled;
    boolean fetchScheduled;

    public int queueSize() {
        return queue.size();
    }
}
