package io.dpone.clickhouse.internal.service;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.authority.PhaseHistory;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.engine.LostDrop;
import java.time.Instant;

/**
 * Builds the next authority record for each step of the state machine. Pure apart from the
 * injected random bits; the authority adapter still checks every value against
 * {@code AuthorityTransitions} before anything is sent, so a mistake here is refused, not written.
 */
final class InternalRecordBuilder {
    private final RandomBits random;

    InternalRecordBuilder(RandomBits random) {
        this.random = random;
    }

    /** The first record of a new operation; {@code carriedEpoch} is the completed predecessor record's epoch, else 0. */
    AuthorityRecord prepared(
            OperationIdentity identity,
            Digest inventory,
            GenerationIdentity predecessor,
            GenerationIdentity desired,
            long stagedRows,
            long carriedEpoch,
            Instant now) {
        // Admission proved the distributed-DDL capability for this inventory (or the slot recorded it).
        AuthorityPayload payload = new AuthorityPayload(
                        identity.planDigest(),
                        inventory,
                        predecessor,
                        desired,
                        identity.candidate().table(),
                        stagedRows,
                        null,
                        null,
                        now,
                        now,
                        null)
                .withCapabilityProven()
                .withPhases(PhaseHistory.started(AuthorityPhase.PREPARED.name(), now));
        return new AuthorityRecord(
                identity.targetKey(),
                identity.operationId(),
                FenceToken.issue(random),
                AuthorityPhase.PREPARED,
                carriedEpoch,
                payload);
    }

    /** PREPARED -> DISPATCHING with a fresh publication token at the next epoch. */
    AuthorityRecord dispatching(AuthorityRecord prepared, Instant now) {
        long epoch = prepared.dispatchEpoch() + 1;
        DdlAction action = prepared.payload().predecessor() == null ? DdlAction.RENAME : DdlAction.EXCHANGE;
        DdlBinding publication =
                DdlBinding.dispatched(DdlCorrelationToken.issue(prepared.operationId(), action, epoch, random));
        return with(
                prepared,
                AuthorityPhase.DISPATCHING,
                epoch,
                publication,
                prepared.payload().cleanup(),
                now);
    }

    /** Persists the bound publication entry (DISPATCHING -> DISPATCHING). */
    AuthorityRecord publicationBound(AuthorityRecord dispatching, BoundEntry entry, Instant now) {
        DdlBinding bound = bind(dispatching.payload().publication(), entry, null);
        return with(dispatching, AuthorityPhase.DISPATCHING, dispatching.dispatchEpoch(), bound, null, now);
    }

    /** DISPATCHING -> COMMITTED with the terminal publication receipt of the exact host set. */
    AuthorityRecord committed(AuthorityRecord dispatching, QueueStatus receipt, Instant now) {
        DdlBinding publication = dispatching.payload().publication();
        DdlBinding withReceipt =
                new DdlBinding(publication.token(), publication.entry(), publication.queryDigest(), receipt);
        return with(dispatching, AuthorityPhase.COMMITTED, dispatching.dispatchEpoch(), withReceipt, null, now);
    }

    /** COMMITTED or CLEANUP_PENDING -> CLEANUP_DISPATCHING with a fresh cleanup token at the next epoch. */
    AuthorityRecord cleanupDispatching(AuthorityRecord current, Instant now) {
        long epoch = current.dispatchEpoch() + 1;
        DdlBinding cleanup =
                DdlBinding.dispatched(DdlCorrelationToken.issue(current.operationId(), DdlAction.DROP, epoch, random));
        return with(
                current,
                AuthorityPhase.CLEANUP_DISPATCHING,
                epoch,
                current.payload().publication(),
                cleanup,
                now);
    }

    /** Persists the bound cleanup entry (same phase). */
    AuthorityRecord cleanupBound(AuthorityRecord current, BoundEntry entry, Instant now) {
        DdlBinding cleanup = bind(current.payload().cleanup(), entry, null);
        return with(
                current,
                current.phase(),
                current.dispatchEpoch(),
                current.payload().publication(),
                cleanup,
                now);
    }

    /**
     * CLEANUP_DISPATCHING -> CLEANUP_PENDING with the terminal receipt of the bound drop entry: the
     * drop left exact predecessor copies, so a redispatch under a new epoch may follow.
     */
    AuthorityRecord cleanupPending(AuthorityRecord current, QueueStatus receipt, Instant now) {
        DdlBinding cleanup = current.payload().cleanup();
        return with(
                current,
                AuthorityPhase.CLEANUP_PENDING,
                current.dispatchEpoch(),
                current.payload().publication(),
                new DdlBinding(cleanup.token(), cleanup.entry(), cleanup.queryDigest(), receipt),
                now);
    }

    /**
     * CLEANUP_DISPATCHING -> CLEANUP_PENDING with the drop's binding unchanged and still unbound:
     * the drop provably never reached the server, or no entry carries its token after the
     * visibility wait. CLEANUP_PENDING without a bound cleanup entry is how the record says the
     * previous drop was lost (docs/reference/authority.md); a redispatch under a new epoch may follow.
     */
    AuthorityRecord cleanupLost(AuthorityRecord current, Instant now) {
        DdlBinding cleanup = LostDrop.requireMarkable(current.payload().cleanup());
        return with(
                current,
                AuthorityPhase.CLEANUP_PENDING,
                current.dispatchEpoch(),
                current.payload().publication(),
                cleanup,
                now);
    }

    /** True when the record says its previous cleanup drop was lost (see {@link #cleanupLost}). */
    static boolean dropLost(AuthorityRecord record) {
        DdlBinding cleanup = record.payload().cleanup();
        return record.phase() == AuthorityPhase.CLEANUP_PENDING && cleanup != null && cleanup.entry() == null;
    }

    /**
     * -> COMPLETED, preserving the desired identity; {@code cleanupReceipt} is the terminal receipt
     * of the bound drop entry, null for an absent target (no cleanup) or when already persisted.
     */
    AuthorityRecord completed(AuthorityRecord current, QueueStatus cleanupReceipt, Instant now) {
        DdlBinding cleanup = current.payload().cleanup();
        if (cleanup != null && cleanupReceipt != null) {
            cleanup = new DdlBinding(cleanup.token(), cleanup.entry(), cleanup.queryDigest(), cleanupReceipt);
        }
        return with(
                current,
                AuthorityPhase.COMPLETED,
                current.dispatchEpoch(),
                current.payload().publication(),
                cleanup,
                now);
    }

    private static DdlBinding bind(DdlBinding binding, BoundEntry entry, QueueStatus receipt) {
        return new DdlBinding(binding.token(), entry.entry(), entry.queryDigest(), receipt);
    }

    private static AuthorityRecord with(
            AuthorityRecord current,
            AuthorityPhase phase,
            long epoch,
            DdlBinding publication,
            DdlBinding cleanup,
            Instant now) {
        AuthorityPayload p = current.payload();
        Instant updated = now.isBefore(p.updatedAt()) ? p.updatedAt() : now;
        AuthorityPayload next = new AuthorityPayload(
                p.planDigest(),
                p.inventoryDigest(),
                p.predecessor(),
                p.desired(),
                p.candidateTable(),
                p.stagedRowCount(),
                publication,
                cleanup,
                p.createdAt(),
                updated,
                p.error(),
                p.capabilityInventoryDigest(),
                p.phases().entered(current.phase().name(), phase.name(), updated));
        return new AuthorityRecord(
                current.targetKey(), current.operationId(), current.fenceToken(), phase, epoch, next);
    }
}
