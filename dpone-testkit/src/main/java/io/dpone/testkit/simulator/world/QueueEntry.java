package io.dpone.testkit.simulator.world;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One {@code query-NNNNNNNNNN} node of the distributed DDL queue (semantics note sections 1 and 2):
 * the formatted query, the initiator's changed settings, the host list from the initiator's cluster
 * configuration, and per host an ephemeral {@code active/} node (owned by a Keeper session) or a
 * {@code finished/} node. {@link #removing} is the cleanup window in which {@code active/} is gone
 * but the entry node still exists.
 */
public final class QueueEntry {
    public final String name;
    public final int number;
    public final String cluster;
    public final String query;
    public final Map<String, String> settings;
    public final List<HostEndpoint> hosts;
    public final String initiator;
    public final long createdAt;
    final LocalStatement statement;
    final UUID createUuid;
    final StatementKind kind;
    final Map<HostEndpoint, Long> active = new LinkedHashMap<>();
    final Map<HostEndpoint, HostResult> finished = new LinkedHashMap<>();
    /** Hosts that executed the entry at least once (a second time is a double execution). */
    final java.util.Set<HostEndpoint> executions = new java.util.LinkedHashSet<>();
    /** Host rows the simulator shows damaged ({@link io.dpone.testkit.simulator.HostRowDamage}); empty on a real server. */
    final Map<HostEndpoint, io.dpone.testkit.simulator.HostRowDamage> damaged = new LinkedHashMap<>();
    /** The {@link KeeperLog} index of the host's {@code active/} node, per host that has one. */
    final Map<HostEndpoint, Long> activeIndex = new LinkedHashMap<>();
    /** {@link KeeperLog} indexes: the entry node's creation, cleanup taking {@code active/} away, the removal (0: not yet). */
    long createdIndex;

    long removingIndex;
    long removedIndex;
    boolean removing;
    boolean removed;

    QueueEntry(
            int number,
            String cluster,
            String query,
            Map<String, String> settings,
            List<HostEndpoint> hosts,
            String initiator,
            long createdAt,
            LocalStatement statement,
            UUID createUuid,
            StatementKind kind) {
        this.name = String.format("query-%010d", number);
        this.number = number;
        this.cluster = cluster;
        this.query = query;
        this.settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        this.hosts = List.copyOf(hosts);
        this.initiator = initiator;
        this.createdAt = createdAt;
        this.statement = statement;
        this.createUuid = createUuid;
        this.kind = kind;
    }

    public StatementKind kind() {
        return kind;
    }

    public String logComment() {
        return settings.get("log_comment");
    }

    public boolean isRemoving() {
        return removing;
    }

    public boolean isRemoved() {
        return removed;
    }

    /** The hosts that finished so far, in finishing order, with their code (0 on success) and message. */
    public List<Finished> finishedHosts() {
        return finished.entrySet().stream()
                .map(e -> new Finished(
                        e.getKey(), e.getValue().code(), e.getValue().message()))
                .toList();
    }

    /** Hosts currently executing the entry. */
    public int activeCount() {
        return active.size();
    }

    /** One {@code finished/} node. */
    public record Finished(HostEndpoint host, int code, String message) {}

    public boolean allFinished() {
        return hosts.stream().allMatch(finished::containsKey);
    }

    /** Whether a follower that applied the Keeper log up to {@code view} still shows the entry node. */
    boolean visibleAt(long view) {
        return createdIndex <= view && (removedIndex == 0 || removedIndex > view);
    }
}
