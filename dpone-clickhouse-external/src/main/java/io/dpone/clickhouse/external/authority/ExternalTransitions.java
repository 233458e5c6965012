package io.dpone.clickhouse.external.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.TransitionRefusal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The allowed transitions of external records, checked before any CAS is attempted:
 * <ul>
 *   <li>create: LOCKED at dispatch epoch 0;</li>
 *   <li>new operation: only from COMPLETED or ABORTED, only into LOCKED, with a new fence and the
 *       epoch carried over so epochs never repeat for a target;</li>
 *   <li>migration: only from a COMPLETED internal V1 baseline, with the same rules as a new
 *       operation;</li>
 *   <li>same operation: same fence; a successor from {@link ExternalPhase#successors()}; epoch + 1
 *       when entering a dispatching phase from another phase, or for a cleanup redispatch after
 *       the previous drop's receipt is persisted or the record marks it lost ({@code LostDrop}),
 *       unchanged otherwise; a lost mark is set on the unbound drop it names and kept until that
 *       redispatch replaces the drop; the plan, inventory,
 *       candidate name, creation time and capability proof never change; the artifact and the
 *       baseline are bound once (LOCKED to STAGING); the member map (ids, numbers, target UUIDs)
 *       never changes once bound, every candidate UUID a member recorded stays recorded (current or
 *       tried), and proven candidates never change from STAGED on; DDL bindings
 *       are only ever extended; STAGED -> STAGING (the withdrawal before a fenced abort drops owned
 *       candidates) keeps every member fact and only clears the proven candidate definition.</li>
 * </ul>
 * Pure and thread-safe. A CAS still needs the Keeper version; this only rules out illegal values.
 */
public final class ExternalTransitions {
    private ExternalTransitions() {}

    public static Optional<TransitionRefusal> checkCreate(ExternalRecord created) {
        requireNonNull(created, "created is null");
        boolean allowed = created.phase() == ExternalPhase.LOCKED && created.dispatchEpoch() == 0;
        return allowed ? Optional.empty() : Optional.of(TransitionRefusal.CREATE_NOT_PREPARED);
    }

    /** The version-checked takeover of a target whose slot holds an internal V1 record. */
    public static Optional<TransitionRefusal> checkMigration(InternalBaseline current, ExternalRecord next) {
        requireNonNull(current, "current is null");
        requireNonNull(next, "next is null");
        if (!current.targetKey().equals(next.targetKey())) {
            return Optional.of(TransitionRefusal.TARGET_KEY_CHANGED);
        }
        if (next.payload().updatedAt().isBefore(current.record().payload().updatedAt())) {
            return Optional.of(TransitionRefusal.TIME_WENT_BACKWARDS);
        }
        if (!current.completed()) {
            return Optional.of(TransitionRefusal.SLOT_NOT_COMPLETED);
        }
        return Optional.ofNullable(
                takeover(current.fenceToken().equals(next.fenceToken()), current.dispatchEpoch(), next));
    }

    public static Optional<TransitionRefusal> check(ExternalRecord current, ExternalRecord next) {
        requireNonNull(current, "current is null");
        requireNonNull(next, "next is null");
        if (!current.targetKey().equals(next.targetKey())) {
            return Optional.of(TransitionRefusal.TARGET_KEY_CHANGED);
        }
        if (next.payload().updatedAt().isBefore(current.payload().updatedAt())) {
            return Optional.of(TransitionRefusal.TIME_WENT_BACKWARDS);
        }
        if (!current.operationId().equals(next.operationId())) {
            if (!current.phase().admitsNewOperation()) {
                return Optional.of(TransitionRefusal.SLOT_NOT_COMPLETED);
            }
            return Optional.ofNullable(
                    takeover(current.fenceToken().equals(next.fenceToken()), current.dispatchEpoch(), next));
        }
        return Optional.ofNullable(sameOperation(current, next));
    }

    private static TransitionRefusal takeover(boolean sameFence, long currentEpoch, ExternalRecord next) {
        if (next.phase() != ExternalPhase.LOCKED) {
            return TransitionRefusal.NEW_OPERATION_NOT_LOCKED;
        }
        if (sameFence) {
            return TransitionRefusal.FENCE_NOT_RENEWED;
        }
        return next.dispatchEpoch() == currentEpoch ? null : TransitionRefusal.EPOCH_CHANGED;
    }

    private static TransitionRefusal sameOperation(ExternalRecord current, ExternalRecord next) {
        if (!next.fenceToken().equals(current.fenceToken())) {
            return TransitionRefusal.FENCE_CHANGED;
        }
        if (!current.phase().successors().contains(next.phase())) {
            return TransitionRefusal.PHASE_NOT_ALLOWED;
        }
        boolean redispatch = redispatch(current, next);
        boolean newEpoch = (next.phase().opensDispatchEpoch() && next.phase() != current.phase()) || redispatch;
        long expected = newEpoch ? current.dispatchEpoch() + 1 : current.dispatchEpoch();
        if (next.dispatchEpoch() != expected) {
            return newEpoch ? TransitionRefusal.EPOCH_NOT_ADVANCED_BY_ONE : TransitionRefusal.EPOCH_CHANGED;
        }
        ExternalPayload a = current.payload();
        ExternalPayload b = next.payload();
        if (!sameBoundFacts(current.phase(), next.phase(), a, b)) {
            return TransitionRefusal.BOUND_FACT_CHANGED;
        }
        if (!sameMembers(current.phase(), a.members(), b.members())) {
            return TransitionRefusal.MEMBER_FACT_CHANGED;
        }
        boolean publicationKept = extendsBinding(a.publication(), b.publication());
        boolean cleanupKept = redispatch
                ? replaceable(a) && !b.cleanupLost()
                : extendsBinding(a.cleanup(), b.cleanup()) && (!a.cleanupLost() || b.cleanupLost());
        return publicationKept && cleanupKept ? null : TransitionRefusal.DDL_BINDING_REWRITTEN;
    }

    /**
     * A drop binding a redispatch may replace: its terminal receipt is persisted, or the record
     * marks it lost. An unbound drop not marked lost may still be in flight and is never replaced.
     */
    private static boolean replaceable(ExternalPayload current) {
        DdlBinding cleanup = current.cleanup();
        return cleanup != null && (cleanup.hasReceipt() || current.cleanupLost());
    }

    /** A cleanup drop sent again under a new epoch and token (the previous binding must be {@link #replaceable}). */
    private static boolean redispatch(ExternalRecord current, ExternalRecord next) {
        return current.phase() == ExternalPhase.CLEANUP_DISPATCHING
                && next.phase() == ExternalPhase.CLEANUP_DISPATCHING
                && next.dispatchEpoch() == current.dispatchEpoch() + 1;
    }

    private static boolean sameBoundFacts(ExternalPhase from, ExternalPhase to, ExternalPayload a, ExternalPayload b) {
        boolean unbound = from == ExternalPhase.LOCKED;
        // the withdrawal STAGED -> STAGING (the first write of a fenced abort) drops the proven definition, nothing
        // else
        boolean withdrawn =
                from == ExternalPhase.STAGED && to == ExternalPhase.STAGING && b.candidateDefinition() == null;
        return a.planDigest().equals(b.planDigest())
                && a.inventoryDigest().equals(b.inventoryDigest())
                && a.candidateTable().equals(b.candidateTable())
                && a.createdAt().equals(b.createdAt())
                && Objects.equals(a.capabilityInventoryDigest(), b.capabilityInventoryDigest())
                && (unbound || Objects.equals(a.artifact(), b.artifact()))
                && (unbound || Objects.equals(a.targetDefinition(), b.targetDefinition()))
                && (a.candidateDefinition() == null
                        || withdrawn
                        || a.candidateDefinition().equals(b.candidateDefinition()));
    }

    private static boolean sameMembers(ExternalPhase from, List<MemberRecord> a, List<MemberRecord> b) {
        if (from == ExternalPhase.LOCKED) {
            return true;
        }
        if (a.size() != b.size()) {
            return false;
        }
        boolean proven = from != ExternalPhase.STAGING;
        for (int i = 0; i < a.size(); i++) {
            MemberRecord x = a.get(i);
            MemberRecord y = b.get(i);
            // a candidate UUID once recorded stays the operation's for good: the current one or a tried one
            boolean same = x.memberId().equals(y.memberId())
                    && Objects.equals(x.targetUuid(), y.targetUuid())
                    && y.ownedUuids().containsAll(x.ownedUuids());
            if (!same
                    || proven
                            && !(Objects.equals(x.candidateUuid(), y.candidateUuid())
                                    && Objects.equals(x.contentDigest(), y.contentDigest()))) {
                return false;
            }
        }
        return true;
    }

    /** A binding may appear, gain its entry and then its receipt; it is never rewritten. */
    private static boolean extendsBinding(DdlBinding before, DdlBinding after) {
        if (before == null) {
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
