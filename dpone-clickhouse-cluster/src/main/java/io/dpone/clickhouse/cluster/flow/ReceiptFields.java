package io.dpone.clickhouse.cluster.flow;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
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
    private ReceiptFields() {
    }

    /** A DDL binding and, when read this run, its per-member statuses in inventory order; null without a binding. */
    public static Map<String, Object> ddl(DdlBinding binding, EntryAggregation hosts, Map<HostEndpoint, ClusterMember> members) {
        if (binding == null) {
            return null;
        }
        Map<String, Object> ddl = new LinkedHashMap<>();
        ddl.put("action", binding.token().action().code());
        ddl.put("correlation_token", binding.token().value());
        ddl.put("dispatch_epoch", binding.token().dispatchEpoch());
        ddl.put("entry", binding.entry());
        ddl.put("query_digest", binding.queryDigest() == null ? null : binding.queryDigest().hex());
        ddl.put("receipt", binding.receipt() == null ? null : binding.receipt().name());
        if (hosts != null) {
            ddl.put("aggregate", hosts.outcome().name());
            ddl.put("exact_host_set", hosts.exactHostSet());
            List<Object> perHost = new ArrayList<>();
            members.forEach((endpoint, member) -> perHost.add(member(member, "status",
                    hosts.perHost().getOrDefault(endpoint, QueueStatus.OUTCOME_UNKNOWN).name())));
            ddl.put("hosts", perHost);
        }
        return ddl;
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
