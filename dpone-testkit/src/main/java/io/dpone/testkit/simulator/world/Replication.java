package io.dpone.testkit.simulator.world;

import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Replicated MergeTree replication, reduced to what the readiness barrier reads (semantics note
 * section 4): an insert on one replica commits its part and appends {@code log-N}; every replica
 * later pulls the log (its pointer becomes last index + 1 and unowned parts enter its queue) and
 * fetches queued parts from a live replica that holds them. A replica whose member is not ready
 * makes no progress; nothing is fetched from it. Log cleanup is not modelled.
 */
public final class Replication {
    private final World world;
    private final Map<String, ReplicationLog> logs = new LinkedHashMap<>();

    Replication(World world) {
        this.world = world;
    }

    /** Registers {@code table} on {@code member} at its path; false when the replica name is taken there. */
    public boolean register(SimMember member, SimTable table) {
        ReplicationLog log = logs.computeIfAbsent(table.zookeeperPath, path -> new ReplicationLog());
        if (log.replicas.containsKey(table.replicaName)) {
            return false;
        }
        log.replicas.put(table.replicaName, new ReplicationLog.Replica(member, table));
        table.replica = new ReplicaState();
        if (!log.entries.isEmpty()) {
            schedulePull(member, table);
        }
        return true;
    }

    boolean isTaken(String path, String replicaName) {
        ReplicationLog log = logs.get(path);
        return log != null && log.replicas.containsKey(replicaName);
    }

    public void unregister(SimTable table) {
        ReplicationLog log = logs.get(table.zookeeperPath);
        if (log != null) {
            log.replicas.remove(table.replicaName);
        }
    }

    /** A committed insert of {@code rows} rows through {@code table} on {@code member}. */
    public void insert(SimMember member, SimTable table, long rows) {
        ReplicationLog log = logs.get(table.zookeeperPath);
        int index = log.entries.size();
        log.entries.add(rows);
        table.replica.parts.set(index);
        table.replica.rows += rows;
        log.replicas.values().forEach(replica -> schedulePull(replica.member(), replica.table()));
    }

    /** A fixture's data: every registered replica already holds {@code rows} rows in one part, caught up. */
    public void seed(SimTable table, long rows) {
        ReplicationLog log = logs.get(table.zookeeperPath);
        int index = log.entries.size();
        log.entries.add(rows);
        for (ReplicationLog.Replica replica : log.replicas.values()) {
            replica.table().replica.parts.set(index);
            replica.table().replica.rows += rows;
            replica.table().replica.logPointer = log.entries.size();
        }
    }

    /** Wakes every replica of every path, e.g. after a member became ready again. */
    void kick(SimMember member) {
        for (ReplicationLog log : logs.values()) {
            for (ReplicationLog.Replica replica : log.replicas.values()) {
                if (replica.member() == member) {
                    schedulePull(member, replica.table());
                    if (!replica.table().replica.queue.isEmpty()) {
                        scheduleFetch(member, replica.table());
                    }
                } else if (!replica.table().replica.queue.isEmpty()) {
                    scheduleFetch(replica.member(), replica.table());
                }
            }
        }
    }

    /** The {@code system.replicas} facts and {@code count()} of {@code table} on {@code member}. */
    public ReplicaHealth health(SimMember member, SimTable table) {
        ReplicationLog log = logs.get(table.zookeeperPath);
        boolean expired = member.sessionExpired;
        boolean keeperColumns = !expired && log != null;
        long total = keeperColumns ? log.replicas.size() : 0;
        long active = keeperColumns
                ? log.replicas.values().stream()
                        .filter(r -> world.sessionAlive(r.member()))
                        .count()
                : 0;
        return new ReplicaHealth(
                member.endpoint,
                expired || member.initializing,
                expired,
                table.replica.queue.size(),
                "",
                "",
                active,
                total,
                keeperColumns ? table.replica.logPointer : 0,
                keeperColumns ? log.maxIndex() : 0,
                table.replica.rows);
    }

    private void schedulePull(SimMember member, SimTable table) {
        if (table.replica.pullScheduled) {
            return;
        }
        table.replica.pullScheduled = true;
        world.onMember(member, world.draw(world.timings().replicationPullMs()), () -> pull(member, table));
    }

    private void pull(SimMember member, SimTable table) {
        table.replica.pullScheduled = false;
        ReplicationLog log = logs.get(table.zookeeperPath);
        if (log == null
                || !log.replicas.containsKey(table.replicaName)
                || log.replicas.get(table.replicaName).table() != table) {
            return;
        }
        ReplicaState state = table.replica;
        for (int index = (int) state.logPointer; index < log.entries.size(); index++) {
            if (!state.parts.get(index)) {
                state.queue.add(index);
            }
        }
        if (!log.entries.isEmpty()) {
            state.logPointer = log.entries.size();
        }
        if (!state.queue.isEmpty()) {
            scheduleFetch(member, table);
        }
    }

    private void scheduleFetch(SimMember member, SimTable table) {
        if (table.replica.fetchScheduled) {
            return;
        }
        table.replica.fetchScheduled = true;
        world.onMember(member, world.draw(world.timings().replicationFetchMs()), () -> fetch(member, table));
    }

    private void fetch(SimMember member, SimTable table) {
        table.replica.fetchScheduled = false;
        ReplicationLog log = logs.get(table.zookeeperPath);
        ReplicaState state = table.replica;
        Integer index = state.queue.peek();
        if (log == null || index == null) {
            return;
        }
        boolean sourceLive = log.replicas.values().stream()
                .anyMatch(r -> r.table() != table
                        && r.table().replica.parts.get(index)
                        && r.member().ready());
        if (!sourceLive) {
            return; // retried when a holder becomes ready again (kick)
        }
        state.queue.poll();
        state.parts.set(index);
        state.rows += log.entries.get(index);
        world.trace(member.label(), "replica fetched part " + index + " of " + table.uuid);
        if (!state.queue.isEmpty()) {
            scheduleFetch(member, table);
        }
    }
}
