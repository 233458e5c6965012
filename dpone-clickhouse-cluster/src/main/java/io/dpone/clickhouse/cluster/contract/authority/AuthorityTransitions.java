package io.dpone.clickhouse.cluster.contract.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.Objects;
import java.util.Optional;

/**
 * The allowed-transition table of the authority record, checked before any CAS is attempted:
 * <ul>
 *   <li>create: PREPARED at dispatch epoch 0;</li>
 *   <li>same operation: same fence, a successor from {@link AuthorityPhase#sameOperationSuccessors()},
 *       epoch + 1 when entering DISPATCHING or CLEANUP_DISPATCHING from another phase and unchanged
 *       otherwise, facts bound at PREPARED unchanged (the capability proof included), DDL bindings
 *       only ever extended;</li>
 *   <li>new operation: only from COMPLETED, only into PREPARED, with a new fence and the epoch
 *       carried over so epochs never repeat for a target.</li>
 * </ul>
 * Pure and thread-safe. A CAS still needs the Keeper version; this only rules out illegal values.
 */
public final class AuthorityTransitions {
    private AuthorityTransitions() {}

    /** The refusal for creating {@code created} in an absent slot, or empty when allowed. */
    public static Optional<TransitionRefusal> checkCreate(AuthorityRecord created) {
        requireNonNull(created, "created is null");
        boolean allowed = created.phase() == AuthorityPhase.PREPARED && created.dispatchEpoch() == 0;
        return allowed ? Optional.empty() : Optional.of(TransitionRefusal.CREATE_NOT_PREPARED);
    }

    /** The refusal for replacing {@code current} with {@code next}, or empty when allowed. */
    public static Optional<TransitionRefusal> check(AuthorityRecord current, AuthorityRecord next) {
        requireNonNull(current, "current is null");
        requireNonNull(next, "next is null");
        if (!current.targetKey().equals(next.targetKey())) {
            return Optional.of(TransitionRefusal.TARGET_KEY_CHANGED);
        }
        if (next.payload().updatedAt().isBefore(current.payload().updatedAt())) {
            return Optional.of(TransitionRefusal.TIME_WENT_BACKWARDS);
        }
        return current.operationId().equals(next.operationId())
                ? Optional.ofNullable(sameOperation(current, next))
                : Optional.ofNullable(newOperation(current, next));
    }

    private static TransitionRefusal newOperation(AuthorityRecord current, AuthorityRecord next) {
        if (!current.phase().admitsNewOperation()) {
            return TransitionRefusal.SLOT_NOT_COMPLETED;
        }
        if (next.phase() != AuthorityPhase.PREPARED) {
            return TransitionRefusal.NEW_OPERATION_NOT_PREPARED;
        }
        if (next.fenceToken().equals(current.fenceToken())) {
            return TransitionRefusal.FENCE_NOT_RENEWED;
        }
        return next.dispatchEpoch() == current.dispatchEpoch() ? null : TransitionRefusal.EPOCH_CHANGED;
    }

    private static TransitionRefusal sameOperation(AuthorityRecord current, AuthorityRecord next) {
        if (!next.fenceToken().equals(current.fenceToken())) {
            return TransitionRefusal.FENCE_CHANGED;
        }
        if (!current.phase().sameOperationSuccessors().contains(next.phase())) {
            return TransitionRefusal.PHASE_NOT_ALLOWED;
        }
        boolean newEpoch = next.phase().startsDispatchEpoch() && next.phase() != current.phase();
        long expectedEpoch = newEpoch ? current.dispatchEpoch() + 1 : current.dispatchEpoch();
        if (next.dispatchEpoch() != expectedEpoch) {
            return newEpoch ? TransitionRefusal.EPOCH_NOT_ADVANCED_BY_ONE : TransitionRefusal.EPOCH_CHANGED;
        }
        if (!sameBoundFacts(current.payload(), next.payload())) {
            return TransitionRefusal.BOUND_FACT_CHANGED;
        }
        boolean publicationKept =
                extendsBinding(current.payload().publication(), next.payload().publication(), false);
        boolean cleanupKept =
                extendsBinding(current.payload().cleanup(), next.payload().cleanup(), newEpoch);
        return publicationKept && cleanupKept ? null : TransitionRefusal.DDL_BINDING_REWRITTEN;
    }

    private static boolean sameBoundFacts(AuthorityPayload a, AuthorityPayload b) {
        return a.planDigest().equals(b.planDigest())
                && a.inventoryDigest().equals(b.inventoryDigest())
                && Objects.equals(a.predecessor(), b.predecessor())
                && a.desired().equals(b.desired())
                && a.candidateTable().equals(b.candidateTable())
                && a.stagedRowCount() == b.stagedRowCount()
                && a.createdAt().equals(b.createdAt())
                && Objects.equals(a.capabilityInventoryDigest(), b.capabilityInventoryDigest());
    }

    /**
     * A binding may appear, gain its entry and then its receipt; it is never rewritten. A cleanup
     * redispatch (a new epoch) replaces the cleanup binding with a fresh token.
     */
    private static boolean extendsBinding(DdlBinding before, DdlBinding after, boolean replaceable) {
        if (before == null || replaceable) {
            return true;
        }
        if (after == null || !before.token().equals(after.token())) {
            return false;
        }
        boolean entryKept = before.entry() == null
                || (before.entry().equals(after.entry()) && before.queryDigest().equals(after.queryDigest()));
        boolean receiptKept = before.receipt() == null || before.receipt() == after.receipt();
        return entryKept && receiptKept;
    }
}
