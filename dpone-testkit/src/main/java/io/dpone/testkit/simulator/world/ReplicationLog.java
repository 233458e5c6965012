package io.dpone.testkit.simulator.world;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The Keeper side of one replication path: the log of inserted parts and the registered replicas. */
final class ReplicationLog {
    /** Row count of the part each {@code log-N} entry announces. */
    final List<Long> entries = new ArrayList<>();
    /** Replica name to its member and table object. */
    final Map<String, Replica> replicas = new LinkedHashMap<>();

    record Replica(SimMember member, SimTable table) {}

    /** {@code log_max_index}: the highest entry number, 0 when the log is empty. */
    long maxIndex() {
        return entries.isEmpty() ? 0 : entries.size() - 1;
    }
}
