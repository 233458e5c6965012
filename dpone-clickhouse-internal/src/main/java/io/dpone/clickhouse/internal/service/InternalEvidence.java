package io.dpone.clickhouse.internal.service;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.flow.ReceiptTimes;
import io.dpone.clickhouse.cluster.invocation.InvocationEvidence;
import io.dpone.clickhouse.cluster.invocation.InvocationReceipts;
import io.dpone.spi.manifest.ReplicationMode;
import java.util.Map;

/**
 * The evidence of one internal invocation ({@link InvocationEvidence}): the internal record's own
 * fields and the internal receipt's schema; the receipt itself is the core's. The candidate appears only as its attempt
 * suffix: with the operation id it names the candidate, and names stay out of evidence.
 */
final class InternalEvidence extends InvocationEvidence<AuthorityRecord> {
    static final String SCHEMA = "dpone.clickhouse.cluster-full-refresh-receipt.v1";
    private static final InvocationReceipts RECEIPTS = new InvocationReceipts(SCHEMA, ReplicationMode.INTERNAL);

    /** Evidence of a publication ({@link ReceiptTimes#of}) or of a status read ({@link ReceiptTimes#ofRead}). */
    InternalEvidence(ReceiptTimes times) {
        super(RECEIPTS, times);
    }

    void inventory(ClusterInventory inventory, String digest) {
        inventory(inventory.members(), digest);
    }

    @Override
    protected void putRecord(SlotVersion<AuthorityRecord> version, Map<String, Object> detail, BoundDdl ddl) {
        AuthorityRecord r = version.record();
        AuthorityPayload payload = r.payload();
        detail.put("target_key", r.targetKey().hex());
        detail.put("phase", r.phase().name());
        detail.put("dispatch_epoch", r.dispatchEpoch());
        detail.put("keeper_version", version.keeperVersion());
        detail.put("plan_digest", payload.planDigest().hex());
        detail.put("recorded_inventory_digest", payload.inventoryDigest().hex());
        String candidate = payload.candidateTable();
        detail.put("candidate_attempt", candidate.substring(candidate.lastIndexOf('_') + 1));
        detail.put("staged_row_count", payload.stagedRowCount());
        detail.put("publication_ddl", ddl.publication(payload.publication()));
        detail.put("cleanup_ddl", ddl.cleanup(payload.cleanup()));
    }

    @Override
    protected MemberForm memberForm(SlotVersion<AuthorityRecord> version) {
        AuthorityRecord r = version.record();
        return new MemberForm(r.phase() == AuthorityPhase.COMPLETED, r.payload().predecessor() == null);
    }

    @Override
    protected void putTimes(SlotVersion<AuthorityRecord> version, ReceiptTimes times, Map<String, Object> detail) {
        AuthorityRecord r = version.record();
        times.put(
                detail,
                r.payload().createdAt(),
                r.payload().updatedAt(),
                r.payload().phases(),
                r.phase().name(),
                r.phase() == AuthorityPhase.COMPLETED);
    }
}
