package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.ReplicaState;
import io.dpone.clickhouse.cluster.engine.Evidence;
import io.dpone.clickhouse.cluster.flow.ReceiptFields;
import io.dpone.clickhouse.cluster.flow.ReceiptTimes;
import java.time.Instant;
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
final class RunEvidence implements Evidence<AuthorityRecord> {
    private final Map<HostEndpoint, ClusterMember> members = new LinkedHashMap<>();
    private String inventoryDigest;
    private SlotVersion<AuthorityRecord> record;
    private String classification;
    private String cause;
    private Map<HostEndpoint, ReplicaState> replicas = Map.of();
    private EntryAggregation publicationHosts;
    private EntryAggregation cleanupHosts;
    private final List<String> steps = new ArrayList<>();
    private List<String> leftoverAttempts;
    private final ReceiptTimes times;

    /** Evidence of a publication ({@link ReceiptTimes#of}) or of a status read ({@link ReceiptTimes#ofRead}). */
    RunEvidence(ReceiptTimes times) {
        this.times = requireNonNull(times, "times is null");
    }

    void inventory(ClusterInventory inventory, String digest) {
        members.clear();
        inventory.members().forEach(member -> members.put(member.endpoint(), member));
        inventoryDigest = digest;
    }

    @Override
    public void record(SlotVersion<AuthorityRecord> current) {
        record = current;
    }

    SlotVersion<AuthorityRecord> record() {
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

    @Override
    public void cleanupHosts(EntryAggregation aggregation) {
        cleanupHosts = aggregation;
    }

    /** When a status read looked, so the receipt can say how long the record has been in its phase. */
    void readAt(Instant now) {
        times.readAt(now);
    }

    @Override
    public void step(String name) {
        steps.add(name);
    }

    /** The attempt suffixes of the completed operation's other candidates, listed and left in place. */
    void leftoverAttempts(List<String> suffixes) {
        leftoverAttempts = List.copyOf(suffixes);
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
            detail.put(
                    "recorded_inventory_digest", r.payload().inventoryDigest().hex());
            // the attempt suffix only: with the operation id it names the candidate, and names stay out of evidence
            String candidate = r.payload().candidateTable();
            detail.put("candidate_attempt", candidate.substring(candidate.lastIndexOf('_') + 1));
            detail.put("staged_row_count", r.payload().stagedRowCount());
            detail.put("publication_ddl", ReceiptFields.ddl(r.payload().publication(), publicationHosts, members));
            detail.put("cleanup_ddl", ReceiptFields.ddl(r.payload().cleanup(), cleanupHosts, members));
        }
        detail.put("classification", classification);
        detail.put("unknown_cause", cause);
        detail.put("members", memberStates());
        if (leftoverAttempts != null) {
            detail.put("leftover_attempts", leftoverAttempts);
        }
        detail.put("steps", List.copyOf(steps));
        if (record == null) {
            times.put(detail, null, null);
        } else {
            AuthorityRecord timed = record.record();
            times.put(
                    detail,
                    timed.payload().createdAt(),
                    timed.payload().updatedAt(),
                    timed.payload().phases(),
                    timed.phase().name(),
                    timed.phase() == AuthorityPhase.COMPLETED);
        }
        detail.put("evidence_scope", "runtime");
        detail.put("evidence_status", "UNVERIFIED");
        return detail;
    }

    private List<Object> memberStates() {
        boolean completed = record != null && record.record().phase() == AuthorityPhase.COMPLETED;
        boolean absentTarget = record != null && record.record().payload().predecessor() == null;
        List<Object> states = new ArrayList<>();
        members.forEach((endpoint, member) -> states.add(ReceiptFields.member(
                member, "state", ReceiptFields.memberState(replicas.get(endpoint), completed, absentTarget))));
        return states;
    }
}
