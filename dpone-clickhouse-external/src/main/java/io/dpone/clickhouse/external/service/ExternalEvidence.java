package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.reconcile.ReplicaState;
import io.dpone.clickhouse.cluster.engine.Evidence;
import io.dpone.clickhouse.cluster.flow.ReceiptFields;
import io.dpone.clickhouse.cluster.flow.ReceiptTimes;
import io.dpone.clickhouse.external.admission.ResolvedInventory;
import io.dpone.clickhouse.external.authority.ArtifactBinding;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.InternalBaseline;
import io.dpone.clickhouse.external.authority.MemberRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one invocation observed, kept for its receipt: the record it ended on, the last
 * classification with its per-member states, each bound entry's per-host statuses and the steps
 * taken. Members are named only by shard and replica number (and their opaque member id); never a
 * hostname, address, credential, row value, SQL text or local path. The fence token appears only as
 * a digest; the DDL correlation tokens appear as they are (the queue's {@code log_comment}). Used by
 * one thread.
 */
final class ExternalEvidence implements Evidence<ExternalSlot> {
    static final String FENCE_DOMAIN = "dpone.clickhouse.cluster-external.fence-token-digest.v1";
    private final Map<HostEndpoint, ClusterMember> members = new LinkedHashMap<>();
    private String inventoryDigest;
    private SlotVersion<ExternalSlot> record;
    private String classification;
    private String cause;
    private Map<HostEndpoint, ReplicaState> states = Map.of();
    private EntryAggregation publicationHosts;
    private EntryAggregation cleanupHosts;
    private final List<String> steps = new ArrayList<>();
    private final ReceiptTimes times;

    /** Evidence of a publication ({@link ReceiptTimes#of}) or of a status read ({@link ReceiptTimes#ofRead}). */
    ExternalEvidence(ReceiptTimes times) {
        this.times = requireNonNull(times, "times is null");
    }

    /** @param digest the fenced inventory digest, empty when a member's time zone could not be read (status only) */
    void inventory(ResolvedInventory inventory, Optional<Digest> digest) {
        members.clear();
        inventory.members().forEach(member -> members.put(member.row().endpoint(), member.row()));
        inventoryDigest = digest.map(Digest::hex).orElse(null);
    }

    @Override
    public synchronized void record(SlotVersion<ExternalSlot> current) {
        record = current;
    }

    synchronized SlotVersion<ExternalSlot> record() {
        return record;
    }

    void classified(String name, String unknownCause, Map<HostEndpoint, ReplicaState> perMember) {
        classification = name;
        cause = unknownCause;
        states = Map.copyOf(perMember);
    }

    void publicationHosts(EntryAggregation aggregation) {
        publicationHosts = aggregation;
    }

    @Override
    public void cleanupHosts(EntryAggregation aggregation) {
        cleanupHosts = aggregation;
    }

    /** When a status read looked, so the receipt can say how long the record has been in its phase. */
    synchronized void readAt(Instant now) {
        times.readAt(now);
    }

    @Override
    public synchronized void step(String name) {
        steps.add(name);
    }

    /** The receipt body: JSON-shaped, ordered, value-free. */
    synchronized Map<String, Object> detail() {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("inventory_digest", inventoryDigest);
        if (record != null && record.record() instanceof ExternalRecord r) {
            detail.put("target_key", r.targetKey().hex());
            detail.put("phase", r.phase().name());
            detail.put("fence_token_digest", fenceDigest(r.fenceToken()));
            detail.put("dispatch_epoch", r.dispatchEpoch());
            detail.put("keeper_version", record.keeperVersion());
            detail.put("plan_digest", r.payload().planDigest().hex());
            detail.put(
                    "recorded_inventory_digest", r.payload().inventoryDigest().hex());
            detail.put("artifact", artifact(r.payload().artifact()));
            detail.put(
                    "abort_code",
                    r.payload().abortCode() == null
                            ? null
                            : r.payload().abortCode().name());
            detail.put("publication_ddl", ReceiptFields.ddl(r.payload().publication(), publicationHosts, members));
            detail.put("cleanup_ddl", ReceiptFields.ddl(r.payload().cleanup(), cleanupHosts, members));
        } else if (record != null && record.record() instanceof InternalBaseline baseline) {
            detail.put("target_key", baseline.targetKey().hex());
            detail.put("internal_phase", baseline.phaseName());
            detail.put("keeper_version", record.keeperVersion());
        }
        detail.put("classification", classification);
        detail.put("unknown_cause", cause);
        detail.put("members", memberStates());
        detail.put("steps", List.copyOf(steps));
        if (record != null && record.record() instanceof ExternalRecord timed) {
            times.put(
                    detail,
                    timed.payload().createdAt(),
                    timed.payload().updatedAt(),
                    timed.payload().phases(),
                    timed.phase().name(),
                    timed.phase().admitsNewOperation());
        } else {
            times.put(detail, null, null);
        }
        detail.put("evidence_scope", "runtime");
        detail.put("evidence_status", "UNVERIFIED");
        return detail;
    }

    /**
     * The fence token only as a domain-separated SHA-256: enough to tell which fence the record held
     * and to compare with the record an operator reads, never the token itself.
     */
    static String fenceDigest(FenceToken fence) {
        return CanonicalEncoder.forDomain(FENCE_DOMAIN)
                .text(fence.hex())
                .sha256()
                .hex();
    }

    private static Map<String, Object> artifact(ArtifactBinding artifact) {
        if (artifact == null) {
            return null;
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("artifact_sha256", artifact.sha256().hex());
        json.put("byte_size", artifact.byteSize());
        json.put("row_count", artifact.rowCount());
        json.put("schema_digest", artifact.schemaDigest().hex());
        json.put("content_digest", artifact.contentDigest().hex());
        json.put("generation_id", artifact.generationId().hex());
        return json;
    }

    private List<Object> memberStates() {
        List<Object> list = new ArrayList<>();
        List<MemberRecord> recorded = record != null && record.record() instanceof ExternalRecord r
                ? r.payload().members()
                : List.of();
        boolean completed =
                record != null && record.record() instanceof ExternalRecord r && r.phase() == ExternalPhase.COMPLETED;
        boolean absentTarget = record != null
                && record.record() instanceof ExternalRecord r
                && r.payload().absentTarget();
        members.forEach((endpoint, member) -> {
            Map<String, Object> entry = ReceiptFields.member(
                    member, "state", ReceiptFields.memberState(states.get(endpoint), completed, absentTarget));
            recorded.stream()
                    .filter(m -> m.shardNumber() == member.shardNumber() && m.replicaNumber() == member.replicaNumber())
                    .findFirst()
                    .ifPresent(m -> {
                        entry.put("member_id", m.memberId().hex());
                        entry.put("stage", m.stage().name());
                        entry.put("publication", m.publication().name());
                        entry.put("cleanup", m.cleanup().name());
                        entry.put(
                                "target_uuid",
                                m.targetUuid() == null ? null : m.targetUuid().toString());
                        entry.put(
                                "candidate_uuid",
                                m.candidateUuid() == null
                                        ? null
                                        : m.candidateUuid().toString());
                        entry.put(
                                "content_digest",
                                m.contentDigest() == null
                                        ? null
                                        : m.contentDigest().hex());
                    });
            list.add(entry);
        });
        return list;
    }
}
