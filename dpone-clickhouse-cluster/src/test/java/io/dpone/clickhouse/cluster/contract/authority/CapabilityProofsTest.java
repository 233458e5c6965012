package io.dpone.clickhouse.cluster.contract.authority;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.digest;
import static io.dpone.clickhouse.cluster.contract.ContractFixtures.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** One capability proof per inventory digest (issue 13.4), whatever the slot's phase. */
class CapabilityProofsTest {
    private static final Digest INVENTORY = digest("inventory");

    private static AuthorityRecord proven(AuthorityPhase phase) {
        AuthorityRecord record = record(phase);
        return new AuthorityRecord(
                record.targetKey(),
                record.operationId(),
                record.fenceToken(),
                record.phase(),
                record.dispatchEpoch(),
                record.payload().withCapabilityProven());
    }

    @ParameterizedTest
    @EnumSource(AuthorityPhase.class)
    void aProofForTheCurrentInventoryIsReusedAndAnyOtherIsNot(AuthorityPhase phase) {
        assertEquals(INVENTORY, record(phase).payload().inventoryDigest(), "fixture inventory");
        assertFalse(CapabilityProofs.needsCapabilityProof(Optional.of(proven(phase)), INVENTORY));
        assertEquals(Optional.of(INVENTORY), CapabilityProofs.carried(Optional.of(proven(phase)), INVENTORY));
        assertTrue(CapabilityProofs.needsCapabilityProof(Optional.of(proven(phase)), digest("a member moved")));
        assertEquals(Optional.empty(), CapabilityProofs.carried(Optional.of(proven(phase)), digest("a member moved")));
        assertTrue(CapabilityProofs.needsCapabilityProof(Optional.of(record(phase)), INVENTORY), "no proof recorded");
        assertTrue(CapabilityProofs.needsCapabilityProof(Optional.empty(), INVENTORY), "no slot");
    }
}
