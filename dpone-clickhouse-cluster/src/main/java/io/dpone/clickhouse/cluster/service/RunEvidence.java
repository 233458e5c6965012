package io.dpone.clickhouse.cluster.service;

import io.dpone.clickhouse.cluster.authority.VersionedRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.reconcile.ReplicaState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one invocation observed, kept for its receipt: the record it ended on, the last
 * classification with its per-replica states, and each bound entry's per-host statuses. Members
 * are named only by shard and replica number; entries by their queue name and query digest. Never
 * holds a hostname, address, credential, value or SQL text. Used by one thread.
 */
final class RunEvidence {
    private final Map<HostEndpoint, ClusterMember> members = new LinkedHashMap<>();
    private String inventoryDigest;
    private VersionedRecord record;
    private String classification;
    private String cause;
    private Map<HostEndpoint, ReplicaState> replicas = Map.of();
    private EntryAggregation publicationHosts;
    private EntryAggregation cleanupHosts;
    private final List<String> steps = new ArrayList<>();

    void inventory(ClusterInventory inventory, String digest) {
        members.clear();
        inventory.members().forEach(member -> members.put(member.endpoint(), member));
        inventoryDigest = digest;
    }

    void record(VersionedRecord current) {
        record = current;
    }

    VersionedRecord record() {
        return record;
    }

    void classified(String name, String unknownCause, Map<HostEndpoint, ReplicaState> states) {
        classification = name;
        cause = unknownCause;
        replicas = Map.copyOf(states);
    }

    void publicationHosts(EntryAggregation aggregation) {
        publicationHosts = aggregation;
    }

    void cleanupHosts(EntryAggregation aggregation) {
        cleanupHosts = aggregation;
    }

    void step(String name) {
        steps.add(name);
    }

    /** The receipt body: JSON-shaped, ordered, value-free. */
    Map<String, Object> detail() {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("inventory_digest", inventoryDigest);
        if (record != null) {
            var r = record.record();
            detail.put("target_key", r.targetKey().hex());
            detail.put("phase", r.phase().name());
            detail.put("dispatch_epoch", r.dispatchEpoch());
            detail.put("keeper_version", record.keeperVersion());
            detail.put("plan_digest", r.payload().planDigest().hex());
            detail.put("recorded_inventory_digest", r.payload().inventoryDigest().hex());
            // the attempt suffix only: with the operation id it names the candidate, and names stay out of evidence
            String candidate = r.payload().candidateTable();
            detail.put("candidate_attempt", candidate.substring(candidate.lastIndexOf('_') + 1));
            detail.put("staged_row_count", r.payload().stagedRowCount());
            detail.put("publication_ddl", ddl(r.payload().publication(), publicationHosts));
            detail.put("cleanup_ddl", ddl(r.payload().cleanup(), cleanupHosts));
        }
        detail.put("classification", classification);
        detail.put("unknown_cause", cause);
        detail.put("members", memberStates());
        detail.put("steps", List.copyOf(steps));
        detail.put("evidence_scope", "runtime");
        detail.put("evidence_status", "UNVERIFIED");
        return detail;
    }

    private Object ddl(DdlBinding binding, EntryAggregation hosts) {
        if (binding == null) {
            return null;
        }
        Map<String, Object> ddl = new LinkedHashMap<>();
        ddl.put("action", binding.token().action().code());
        ddl.put("dispatch_epoch", binding.token().dispatchEpoch());
        ddl.put("entry", binding.entry());
        ddl.put("query_digest", binding.queryDigest() == null ? null : binding.queryDigest().hex());
        ddl.put("receipt", binding.receipt() == null ? null : binding.receipt().name());
        if (hosts != null) {
            ddl.put("aggregate", hosts.outcome().name());
            ddl.put("exact_host_set", hosts.exactHostSet());
            List<Object> perHost = new ArrayList<>();
            members.forEach((endpoint, member) -> perHost.add(label(member,
                    "status", hosts.perHost().getOrDefault(endpoint, QueueStatus.OUTCOME_UNKNOWN).name())));
            ddl.put("hosts", perHost);
        }
        return ddl;
    }

    private List<Object> memberStates() {
        List<Object> states = new ArrayList<>();
        members.forEach((endpoint, member) -> states.add(label(member, "state",
                replicas.containsKey(endpoint) ? replicas.get(endpoint).name() : null)));
        return states;
    }

    private static Map<String, Object> label(ClusterMember member, String key, String value) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("shard", member.shardNumber());
        entry.put("replica", member.replicaNumber());
        entry.put(key, value);
        return entry;
    }
}
