package io.dpone.clickhouse.cluster.flow;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.PhaseHistory;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.reconcile.ReplicaState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The receipt fields both modes write the same way: a bound DDL's identity with each member's
 * normalized queue status, and a member named by shard and replica number only (never by host).
 * The correlation token is the queue entry's {@code log_comment}: what an operator looks the entry
 * up by; anyone who can read {@code system.distributed_ddl_queue} sees it, and it grants nothing.
 * Pure.
 */
public final class ReceiptFields {
    private ReceiptFields() {}

    /** A DDL binding and, when read this run, its per-member statuses in inventory order; null without a binding. */
    public static Map<String, Object> ddl(
            DdlBinding binding, EntryAggregation hosts, Map<HostEndpoint, ClusterMember> members) {
        if (binding == null) {
            return null;
        }
        Map<String, Object> ddl = new LinkedHashMap<>();
        ddl.put("action", binding.token().action().code());
        ddl.put("correlation_token", binding.token().value());
        ddl.put("dispatch_epoch", binding.token().dispatchEpoch());
        ddl.put("entry", binding.entry());
        ddl.put(
                "query_digest",
                binding.queryDigest() == null ? null : binding.queryDigest().hex());
        ddl.put("receipt", binding.receipt() == null ? null : binding.receipt().name());
        if (hosts != null) {
            ddl.put("aggregate", hosts.outcome().name());
            ddl.put("exact_host_set", hosts.exactHostSet());
            List<Object> perHost = new ArrayList<>();
            members.forEach((endpoint, member) -> perHost.add(member(
                    member,
                    "status",
                    hosts.perHost()
                            .getOrDefault(endpoint, QueueStatus.OUTCOME_UNKNOWN)
                            .name())));
            ddl.put("hosts", perHost);
        }
        return ddl;
    }

    /** The receipt's name for a member that shows a completed operation's final form. */
    public static final String COMPLETED = "COMPLETED";

    /**
     * A member's state as a receipt names it. While the operation runs this is the classifier's
     * state. Once the record is COMPLETED, a member showing the final form (the desired generation
     * under the target's name and no candidate) reads {@value #COMPLETED}: the classifier calls
     * that form CLEANUP_PENDING for an existing target and COMMITTED for an absent one, which read
     * as unfinished work next to "published and cleaned up on every member". Any other form keeps
     * the classifier's name, so drift after completion stays visible. Null when not observed.
     */
    public static String memberState(ReplicaState state, boolean completed, boolean absentTarget) {
        if (state == null) {
            return null;
        }
        ReplicaState finalForm = absentTarget ? ReplicaState.COMMITTED : ReplicaState.CLEANUP_PENDING;
        return completed && state == finalForm ? COMPLETED : state.name();
    }

    /**
     * When the record was created and last written (the service clock's stamps) and, for a read at
     * {@code readAt}, how long it has stood in its phase since; {@code readAt} may be null.
     */
    public static Map<String, Object> recordTimes(Instant createdAt, Instant updatedAt, Instant readAt) {
        Map<String, Object> times = new LinkedHashMap<>();
        times.put("created_at", createdAt.toString());
        times.put("updated_at", updatedAt.toString());
        times.put(
                "operation_ms",
                Math.max(0, Duration.between(createdAt, updatedAt).toMillis()));
        if (readAt != null) {
            times.put(
                    "in_phase_ms",
                    Math.max(0, Duration.between(updatedAt, readAt).toMillis()));
        }
        return times;
    }

    /**
     * How long the record stood in each phase, from its {@code phase_times}: one row per entry
     * ({@code phase}, {@code entered_at}, {@code duration_ms} until the next entry). The record's
     * current phase runs until {@code readAt} (a status read; null otherwise: still running), a
     * finished one has no duration. Time before the first entry of a history that began after the
     * record was created (a record of an earlier build, continued) is one {@code unknown} row;
     * a record without any phase times is {@code "unknown"}.
     */
    public static Object phaseDurations(
            PhaseHistory phases, String currentPhase, boolean finished, Instant createdAt, Instant readAt) {
        if (phases.isUnknown()) {
            return "unknown";
        }
        List<PhaseHistory.Entry> entries = phases.entries();
        List<Object> rows = new ArrayList<>();
        if (entries.get(0).at().isAfter(createdAt)) {
            rows.add(phaseRow(
                    "unknown", createdAt, millis(createdAt, entries.get(0).at())));
        }
        for (int i = 0; i < entries.size(); i++) {
            PhaseHistory.Entry entry = entries.get(i);
            Long duration;
            if (i + 1 < entries.size()) {
                duration = millis(entry.at(), entries.get(i + 1).at());
            } else {
                boolean running = entry.phase().equals(currentPhase) && !finished && readAt != null;
                duration = running ? millis(entry.at(), readAt) : null;
            }
            rows.add(phaseRow(entry.phase(), entry.at(), duration));
        }
        return rows;
    }

    private static Map<String, Object> phaseRow(String phase, Instant enteredAt, Long durationMs) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("phase", phase);
        row.put("entered_at", enteredAt.toString());
        row.put("duration_ms", durationMs);
        return row;
    }

    private static long millis(Instant from, Instant to) {
        return Math.max(0, Duration.between(from, to).toMillis());
    }

    /** {@code {shard, replica, key: value}}, ordered, for one member. */
    public static Map<String, Object> member(ClusterMember member, String key, Object value) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("shard", member.shardNumber());
        entry.put("replica", member.replicaNumber());
        entry.put(key, value);
        return entry;
    }
}
