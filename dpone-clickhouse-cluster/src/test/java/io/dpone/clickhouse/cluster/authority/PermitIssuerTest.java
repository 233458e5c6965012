package io.dpone.clickhouse.cluster.authority;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.authority.InternalSlotSchema;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** Seed section 3 steps 6-8: only an exact post-read at version + 1 of a dispatch CAS yields a permit. */
class PermitIssuerTest {
    private static final AuthorityRecord PREPARED = record(AuthorityPhase.PREPARED);
    private static final AuthorityRecord DISPATCHING = record(AuthorityPhase.DISPATCHING);
    private static final AuthorityRow WRITTEN = AuthorityCodecV1.INSTANCE.encode(DISPATCHING);

    private static SlotWrite<AuthorityRecord> judge(VersionedRow observed) {
        return PermitIssuer.afterAcknowledgedWrite(InternalSlotSchema.INSTANCE, PREPARED, DISPATCHING, 8, observed);
    }

    @Test
    void exactPostReadAtTheNextVersionCarriesABoundPermit() {
        SlotWrite.Verified<?> verified = assertInstanceOf(SlotWrite.Verified.class, judge(new VersionedRow(WRITTEN, 8)));
        DispatchPermit permit = verified.dispatchPermit().orElseThrow();
        assertTrue(permit.matchesWrite(FENCE, 8));
        assertTrue(permit.authorizes(TARGET_KEY, DISPATCHING.payload().publication().token()));
    }

    @Test
    void staleNoOpForeignJumpMismatchAndMissingNeverCarryAPermit() {
        assertEquals(new SlotWrite.Conflict<>(CasResult.ConflictReason.ZERO_ROW_NO_OP),
                judge(new VersionedRow(AuthorityCodecV1.INSTANCE.encode(PREPARED), 7)));
        assertEquals(new SlotWrite.Conflict<>(CasResult.ConflictReason.UNEXPECTED_VERSION_JUMP), judge(new VersionedRow(WRITTEN, 9)));
        AuthorityRow foreign = new AuthorityRow(WRITTEN.targetKey(), WRITTEN.operationId(), new FenceToken("e".repeat(32)).hex(),
                WRITTEN.phase(), WRITTEN.dispatchEpoch(), WRITTEN.payload(), WRITTEN.payloadSha256());
        assertEquals(new SlotWrite.Conflict<>(CasResult.ConflictReason.FOREIGN_RECORD), judge(new VersionedRow(foreign, 8)));
        AuthorityRow mismatch = new AuthorityRow(WRITTEN.targetKey(), WRITTEN.operationId(), WRITTEN.fenceToken(),
                WRITTEN.phase(), BigInteger.TEN, WRITTEN.payload(), WRITTEN.payloadSha256());
        assertEquals(new SlotWrite.Unknown<>(CasResult.UnknownReason.POST_READ_MISMATCH), judge(new VersionedRow(mismatch, 8)));
        assertEquals(new SlotWrite.Unknown<>(CasResult.UnknownReason.POST_READ_FAILED), judge(null));
    }

    @Test
    void verifiedWritesThatOpenNoDispatchEpochCarryNoPermit() {
        AuthorityRow created = AuthorityCodecV1.INSTANCE.encode(PREPARED);
        SlotWrite<AuthorityRecord> create = PermitIssuer.afterAcknowledgedWrite(InternalSlotSchema.INSTANCE, null, PREPARED, 0,
                new VersionedRow(created, 0));
        assertTrue(assertInstanceOf(SlotWrite.Verified.class, create).dispatchPermit().isEmpty());
        AuthorityRecord committed = record(AuthorityPhase.COMMITTED);
        SlotWrite<AuthorityRecord> receipt = PermitIssuer.afterAcknowledgedWrite(InternalSlotSchema.INSTANCE, DISPATCHING,
                committed, 9, new VersionedRow(AuthorityCodecV1.INSTANCE.encode(committed), 9));
        assertTrue(assertInstanceOf(SlotWrite.Verified.class, receipt).dispatchPermit().isEmpty());
    }
}
