package io.dpone.clickhouse.external.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.BlockReason;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.InternalSlotSchema;
import org.junit.jupiter.api.Test;

/** One slot, two schemas: which codec judges which row, in both directions. */
class ExternalSlotSchemaTest {
    @Test
    void anInternalRowIsAForeignBaselineAndAnExternalRowIsBlockedForInternalMode() {
        AuthorityRecord internal = InternalFixture.prepared();
        assertEquals(
                new DecodeResult.Valid<ExternalSlot>(new InternalBaseline(internal)),
                ExternalSlotSchema.INSTANCE.decode(AuthorityCodecV1.INSTANCE.encode(internal)));
        AuthorityRow external = ExternalCodecV1.encode(Records.staged(true));
        assertInstanceOf(
                DecodeResult.Blocked.class,
                InternalSlotSchema.INSTANCE.decode(external),
                "internal mode never mistakes an external record for its own");
    }

    @Test
    void aRowNeitherSchemaAcceptsBlocksWithTheReasonOfTheSchemaThatClaimsIt() {
        AuthorityRow internal = AuthorityCodecV1.INSTANCE.encode(InternalFixture.prepared());
        AuthorityRow broken = new AuthorityRow(
                internal.targetKey(),
                internal.operationId(),
                internal.fenceToken(),
                internal.phase(),
                internal.dispatchEpoch(),
                internal.payload(),
                "0".repeat(64));
        assertEquals(
                BlockReason.DIGEST_MISMATCH,
                assertInstanceOf(DecodeResult.Blocked.class, ExternalSlotSchema.INSTANCE.decode(broken))
                        .reason());
    }

    @Test
    void theBaselineEncodesAsTheInternalRowItWasReadFrom() {
        AuthorityRecord internal = InternalFixture.prepared();
        assertEquals(
                AuthorityCodecV1.INSTANCE.encode(internal),
                ExternalSlotSchema.INSTANCE.encode(new InternalBaseline(internal)));
    }
}
