package io.dpone.clickhouse.cluster.engine;

import static io.dpone.clickhouse.cluster.engine.ScriptedSlot.shows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersions;
import io.dpone.clickhouse.cluster.contract.ContractFixtures;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.BlockReason;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.engine.ScriptedSlot.Phase;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What the slot lets an invocation do, decided once for both modes ({@link SlotDecision#of}) over
 * the mode's rules (here: a COMPLETED record admits a new operation, as in internal mode).
 */
class SlotDecisionTest {
    private static final SlotDecision.Rules<Phase> RULES = new SlotDecision.Rules<>() {
        @Override
        public boolean ownOperation(Phase record, Digest operationId) {
            return record.operationId().equals(operationId);
        }

        @Override
        public boolean admitsNewOperation(Phase record) {
            return record.phaseName().equals("COMPLETED");
        }
    };

    @Test
    void anAbsentSlotAdmitsANewOperationCreatingIt() {
        assertEquals(new SlotDecision.NewOperation<Phase>(Optional.empty()), decide(new SlotRead.Absent<>()));
    }

    @Test
    void thisOperationsRecordIsResumedWhateverItsPhase() {
        assertEquals(
                new SlotDecision.Resume<>(SlotVersions.at(new Phase("COMPLETED"), 3)),
                decide(shows(new Phase("COMPLETED"), 3)));
    }

    @Test
    void anotherOperationsFinishedRecordIsTakenOverFromItsVersion() {
        Phase completed = new Phase("COMPLETED", ScriptedSlot.OTHER_OPERATION);

        assertEquals(
                new SlotDecision.NewOperation<>(Optional.of(SlotVersions.at(completed, 4))),
                decide(shows(completed, 4)));
    }

    @Test
    void anotherOperationsUnresolvedRecordIsFencedNeverStolen() {
        DponeException refused = assertThrows(
                DponeException.class, () -> decide(shows(new Phase("DISPATCHING", ScriptedSlot.OTHER_OPERATION), 4)));

        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT, refused.code());
        assertEquals(
                "another operation holds the target unresolved (DISPATCHING); it is fenced, never stolen",
                refused.getMessage());
    }

    @Test
    void anInvalidRecordBlocksTheTarget() {
        SlotRead<Phase> invalid = new SlotRead.Present<>(
                new VersionedRow(new AuthorityRow(null, null, null, null, null, null, null), 4),
                new DecodeResult.Blocked<>(BlockReason.MALFORMED, "not a record"));

        DponeException refused = assertThrows(DponeException.class, () -> decide(invalid));

        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_RECORD_INVALID, refused.code());
    }

    private static SlotDecision<Phase> decide(SlotRead<Phase> slot) {
        return SlotDecision.of(slot, ContractFixtures.OPERATION, RULES);
    }
}
