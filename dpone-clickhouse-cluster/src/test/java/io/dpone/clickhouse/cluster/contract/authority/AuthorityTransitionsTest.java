package io.dpone.clickhouse.cluster.contract.authority;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AuthorityTransitionsTest {
    @Test
    void theHappyPathIsAllowedStepByStep() {
        AuthorityPhase[] path = {
            AuthorityPhase.PREPARED,
            AuthorityPhase.DISPATCHING,
            AuthorityPhase.COMMITTED,
            AuthorityPhase.CLEANUP_DISPATCHING,
            AuthorityPhase.COMPLETED
        };
        assertEquals(Optional.empty(), AuthorityTransitions.checkCreate(record(AuthorityPhase.PREPARED)));
        for (int i = 1; i < path.length; i++) {
            assertEquals(
                    Optional.empty(), AuthorityTransitions.check(record(path[i - 1]), record(path[i])), path[i].name());
        }
    }

    @Test
    void skippingOrReversingAPhaseIsRefused() {
        assertEquals(
                Optional.of(TransitionRefusal.PHASE_NOT_ALLOWED),
                AuthorityTransitions.check(record(AuthorityPhase.PREPARED), record(AuthorityPhase.COMMITTED)));
        assertEquals(
                Optional.of(TransitionRefusal.PHASE_NOT_ALLOWED),
                AuthorityTransitions.check(record(AuthorityPhase.COMMITTED), record(AuthorityPhase.DISPATCHING)));
    }

    @Test
    void dispatchMustAdvanceTheEpochByExactlyOne() {
        AuthorityRecord prepared = record(AuthorityPhase.PREPARED);
        AuthorityRecord dispatching = record(AuthorityPhase.DISPATCHING);
        AuthorityRecord skipped = new AuthorityRecord(
                TARGET_KEY,
                OPERATION,
                FENCE,
                AuthorityPhase.DISPATCHING,
                2,
                payload(
                        OLD,
                        io.dpone.clickhouse.cluster.contract.authority.DdlBinding.dispatched(
                                token(DdlAction.EXCHANGE, 2)),
                        null));
        assertEquals(Optional.empty(), AuthorityTransitions.check(prepared, dispatching));
        assertEquals(
                Optional.of(TransitionRefusal.EPOCH_NOT_ADVANCED_BY_ONE),
                AuthorityTransitions.check(prepared, skipped));
    }

    @Test
    void aStaleFenceCannotAdvanceTheSameOperation() {
        AuthorityRecord dispatching = record(AuthorityPhase.DISPATCHING);
        AuthorityRecord foreignFence = new AuthorityRecord(
                TARGET_KEY,
                OPERATION,
                new FenceToken("f".repeat(32)),
                AuthorityPhase.DISPATCHING,
                1,
                dispatching.payload());
        assertEquals(
                Optional.of(TransitionRefusal.FENCE_CHANGED),
                AuthorityTransitions.check(record(AuthorityPhase.PREPARED), foreignFence));
    }

    @Test
    void onlyACompletedSlotAdmitsANewOperationWithANewFence() {
        AuthorityRecord next = new AuthorityRecord(
                TARGET_KEY,
                digest("next"),
                new FenceToken("a".repeat(32)),
                AuthorityPhase.PREPARED,
                2,
                payload(OLD, null, null));
        assertEquals(Optional.empty(), AuthorityTransitions.check(record(AuthorityPhase.COMPLETED), next));
        assertEquals(
                Optional.of(TransitionRefusal.SLOT_NOT_COMPLETED),
                AuthorityTransitions.check(record(AuthorityPhase.DISPATCHING), next));
        AuthorityRecord sameFence = new AuthorityRecord(
                TARGET_KEY, digest("next"), FENCE, AuthorityPhase.PREPARED, 2, payload(OLD, null, null));
        assertEquals(
                Optional.of(TransitionRefusal.FENCE_NOT_RENEWED),
                AuthorityTransitions.check(record(AuthorityPhase.COMPLETED), sameFence));
    }

    @Test
    void aBoundEntryOrReceiptIsNeverRewritten() {
        AuthorityRecord committed = record(AuthorityPhase.COMMITTED);
        DdlBinding original = committed.payload().publication();
        DdlBinding rebound =
                new DdlBinding(original.token(), "query-0000000099", digest("q"), QueueStatus.TERMINAL_SUCCESS);
        AuthorityRecord dispatching = new AuthorityRecord(
                TARGET_KEY,
                OPERATION,
                FENCE,
                AuthorityPhase.DISPATCHING,
                1,
                payload(OLD, new DdlBinding(original.token(), original.entry(), original.queryDigest(), null), null));
        AuthorityRecord rewritten = new AuthorityRecord(
                TARGET_KEY, OPERATION, FENCE, AuthorityPhase.COMMITTED, 1, payload(OLD, rebound, null));
        assertEquals(Optional.empty(), AuthorityTransitions.check(dispatching, committed));
        assertEquals(
                Optional.of(TransitionRefusal.DDL_BINDING_REWRITTEN),
                AuthorityTransitions.check(dispatching, rewritten));
    }

    @Test
    void aCapabilityProofIsABoundFactOfTheOperationAndMayBeCarriedOnlyOnTheSameInventory() {
        AuthorityRecord prepared = record(AuthorityPhase.PREPARED);
        AuthorityRecord dispatching = record(AuthorityPhase.DISPATCHING);
        AuthorityRecord provenPrepared = withProof(prepared);
        assertEquals(Optional.empty(), AuthorityTransitions.check(provenPrepared, withProof(dispatching)), "kept");
        assertEquals(
                Optional.of(TransitionRefusal.BOUND_FACT_CHANGED),
                AuthorityTransitions.check(provenPrepared, dispatching),
                "dropped");
        assertEquals(
                Optional.of(TransitionRefusal.BOUND_FACT_CHANGED),
                AuthorityTransitions.check(prepared, withProof(dispatching)),
                "added within the operation");
        AuthorityRecord completed = withProof(record(AuthorityPhase.COMPLETED));
        AuthorityRecord next = new AuthorityRecord(
                TARGET_KEY,
                digest("next"),
                new FenceToken("a".repeat(32)),
                AuthorityPhase.PREPARED,
                2,
                payload(OLD, null, null).withCapabilityProven());
        assertEquals(Optional.empty(), AuthorityTransitions.check(completed, next), "carried into the next operation");
        assertEquals(
                Optional.of(next.payload().inventoryDigest()),
                CapabilityProofs.carried(Optional.of(completed), next.payload().inventoryDigest()));
    }

    private static AuthorityRecord withProof(AuthorityRecord record) {
        return new AuthorityRecord(
                record.targetKey(),
                record.operationId(),
                record.fenceToken(),
                record.phase(),
                record.dispatchEpoch(),
                record.payload().withCapabilityProven());
    }
}
