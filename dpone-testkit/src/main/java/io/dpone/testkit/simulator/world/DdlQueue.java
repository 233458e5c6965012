package io.dpone.testkit.simulator.world;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The distributed DDL queue under {@code /clickhouse/task_queue/ddl}, shared by every cluster of
 * the Keeper (semantics note sections 1 and 2). Entry numbers only grow, the first is
 * {@code query-0000000000}. Cleanup (by any host, on a queue event) removes an entry older than the
 * retention or more than {@code max_tasks_in_queue} behind the newest, unless a host is executing
 * it: first {@code active/} goes (status Removing for unfinished hosts), then, after the removal
 * window, the entry with its {@code finished/} nodes.
 */
public final class DdlQueue {
    private final World world;
    private final List<QueueEntry> entries = new ArrayList<>();
    /** Entries the cleaner removed, still served by a follower that has not applied their removal. */
    private final List<QueueEntry> removedEntries = new ArrayList<>();

    private int nextNumber;

    DdlQueue(World world) {
        this.world = world;
    }

    /** Entries still present (including those being removed), in queue order. */
    public List<QueueEntry> entries() {
        return entries;
    }

    /** The entries a follower that applied the Keeper log up to {@code view} shows, in queue order. */
    public List<QueueEntry> entriesAt(long view) {
        if (view >= world.keeperLog().latest()) {
            return entries;
        }
        List<QueueEntry> visible = new ArrayList<>();
        removedEntries.stream().filter(entry -> entry.visibleAt(view)).forEach(visible::add);
        entries.stream().filter(entry -> entry.visibleAt(view)).forEach(visible::add);
        visible.sort(java.util.Comparator.comparingInt(entry -> entry.number));
        return visible;
    }

    public QueueEntry enqueue(
            String cluster,
            String query,
            Map<String, String> settings,
            List<HostEndpoint> hosts,
            String initiator,
            LocalStatement statement,
            UUID createUuid,
            StatementKind kind) {
        QueueEntry entry = new QueueEntry(
                nextNumber++, cluster, query, settings, hosts, initiator, world.now(), statement, createUuid, kind);
        entry.createdIndex = world.keeperLog().commit();
        entries.add(entry);
        world.trace("keeper", "enqueued " + entry.name + " (" + kind + ") for " + hosts.size() + " hosts");
        for (SimMember member : world.members()) {
            member.ddlWorker.onQueueEvent();
        }
        return entry;
    }

    /** One host's cleanup pass ({@code DDLWorker::cleanupQueue}). */
    void cleanup(SimMember cleaner) {
        cleanup(cleaner.label(), world.timings().queueRetention().toMillis());
    }

    /** A cleanup pass with an explicit retention, e.g. a fault that runs one now. */
    public void cleanup(String cleaner, long retentionMillis) {
        int newest = entries.isEmpty() ? 0 : entries.get(entries.size() - 1).number;
        for (QueueEntry entry : List.copyOf(entries)) {
            boolean expired = world.now() - entry.createdAt >= retentionMillis
                    || entry.number + world.timings().maxTasksInQueue() < newest;
            if (!expired || entry.removing || !entry.active.isEmpty()) {
                continue;
            }
            entry.removing = true;
            entry.removingIndex = world.keeperLog().commit();
            world.trace(cleaner, "cleanup removes " + entry.name);
            world.schedule(world.draw(world.timings().removalWindowMs()), () -> remove(entry));
        }
    }

    /** Drops the active nodes a lost Keeper session owned. */
    void expireSession(HostEndpoint host, long session) {
        for (QueueEntry entry : entries) {
            Long owner = entry.active.get(host);
            if (owner != null && owner == session) {
                entry.active.remove(host);
                entry.activeIndex.remove(host);
            }
        }
    }

    private void remove(QueueEntry entry) {
        entry.removed = true;
        entry.removedIndex = world.keeperLog().commit();
        entries.remove(entry);
        removedEntries.add(entry);
        world.trace("keeper", "removed " + entry.name);
    }
}
