package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.flow.ReceiptTimes;
import io.dpone.clickhouse.cluster.invocation.InvocationEvidence;
import io.dpone.clickhouse.external.admission.ResolvedInventory;
import io.dpone.clickhouse.external.authority.ArtifactBinding;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.InternalBaseline;
import io.dpone.clickhouse.external.authority.MemberRecord;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The evidence of one external invocation ({@link InvocationEvidence}): the external record's own
 * fields, each member's recorded progress (with its opaque member id), or an internal-mode
 * baseline's phase. The fence token appears only as a digest; the DDL correlation tokens appear as
 * they are (the queue's {@code log_comment}).
 */
final class ExternalEvidence extends InvocationEvidence<ExternalSlot> {
    static final String FENCE_DOMAIN = "dpone.clickhouse.cluster-external.fence-token-digest.v1";

    /** Evidence of a publication ({@link ReceiptTimes#of}) or of a status read ({@link ReceiptTimes#ofRead}). */
    ExternalEvidence(ReceiptTimes times) {
        super(ExternalReceipts.FACTS, times);
    }

    /** @param digest the fenced inventory digest, empty when a member's time zone could not be read (status only) */
    void inventory(ResolvedInventory inventory, Optional<Digest> digest) {
        inventory(
                inventory.members().stream().map(ResolvedInventory.Member::row).toList(),
                digest.map(Digest::hex).orElse(null));
    }

    @Override
    protected void putRecord(SlotVersion<ExternalSlot> version, Map<String, Object> detail, BoundDdl ddl) {
        if (version.record() instanceof ExternalRecord r) {
            detail.put("target_key", r.targetKey().hex());
            detail.put("phase", r.phase().name());
            detail.put("fence_token_digest", fenceDigest(r.fenceToken()));
            detail.put("dispatch_epoch", r.dispatchEpoch());
            detail.put("keeper_version", version.keeperVersion());
            detail.put("plan_digest", r.payload().planDigest().hex());
            detail.put(
                    "recorded_inventory_digest", r.payload().inventoryDigest().hex());
            detail.put("artifact", artifact(r.payload().artifact()));
            detail.put(
                    "abort_code",
                    r.payload().abortCode() == null
                            ? null
                            : r.payload().abortCode().name());
            detail.put("publication_ddl", ddl.publication(r.payload().publication()));
            detail.put("cleanup_ddl", ddl.cleanup(r.payload().cleanup()));
        } else if (version.record() instanceof InternalBaseline baseline) {
            detail.put("target_key", baseline.targetKey().hex());
            detail.put("internal_phase", baseline.phaseName());
            detail.put("keeper_version", version.keeperVersion());
        }
    }

    @Override
    protected MemberForm memberForm(SlotVersion<ExternalSlot> version) {
        return version.record() instanceof ExternalRecord r
                ? new MemberForm(
                        r.phase() == ExternalPhase.COMPLETED, r.payload().absentTarget())
                : new MemberForm(false, false);
    }

    @Override
    protected void putMember(SlotVersion<ExternalSlot> version, ClusterMember member, Map<String, Object> entry) {
        if (!(version.record() instanceof ExternalRecord r)) {
            return;
        }
        r.payload().members().stream()
                .filter(m -> m.shardNumber() == member.shardNumber() && m.replicaNumber() == member.replicaNumber())
                .findFirst()
                .ifPresent(m -> putRecorded(m, entry));
    }

    @Override
    protected void putTimes(SlotVersion<ExternalSlot> version, ReceiptTimes times, Map<String, Object> detail) {
        if (version.record() instanceof ExternalRecord timed) {
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

    private static void putRecorded(MemberRecord m, Map<String, Object> entry) {
        entry.put("member_id", m.memberId().hex());
        entry.put("stage", m.stage().name());
        entry.put("publication", m.publication().name());
        entry.put("cleanup", m.cleanup().name());
        entry.put("target_uuid", m.targetUuid() == null ? null : m.targetUuid().toString());
        entry.put(
                "candidate_uuid",
                m.candidateUuid() == null ? null : m.candidateUuid().toString());
        entry.put(
                "content_digest",
                m.contentDigest() == null ? null : m.contentDigest().hex());
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
}
