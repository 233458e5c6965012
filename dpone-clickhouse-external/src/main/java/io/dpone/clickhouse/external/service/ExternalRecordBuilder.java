package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.authority.PhaseHistory;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.authority.ArtifactBinding;
import io.dpone.clickhouse.external.authority.ExternalPayload;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.TableDefinition;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.spi.error.DponeErrorCode;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Builds the next external record for each step of the state machine. Pure apart from the
 * injected random bits; the slot mechanics still check every value against
 * {@code ExternalTransitions} before anything is sent, so a mistake here is refused, not written.
 */
final class ExternalRecordBuilder {
    private final RandomBits random;

    ExternalRecordBuilder(RandomBits random) {
        this.random = requireNonNull(random, "random is null");
    }

    /**
     * A fresh version-4 UUID for a member's candidate, from the injected random bits (the shared
     * {@code SecureRandom} in production, a seeded source in the simulator). It is recorded
     * LOADING before the {@code CREATE} that gives the table exactly this UUID: a table is this
     * operation's only when its UUID is one the operation recorded for that member.
     */
    UUID candidateUuid() {
        byte[] bits = random.next(16);
        long high = 0;
        long low = 0;
        for (int i = 0; i < 8; i++) {
            high = (high << 8) | (bits[i] & 0xFF);
            low = (low << 8) | (bits[i + 8] & 0xFF);
        }
        return new UUID((high & ~0xF000L) | 0x4000L, (low & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L);
    }

    /** The first record of a new operation; {@code carriedEpoch} is the finished predecessor record's epoch, else 0. */
    ExternalRecord locked(ExternalOperation operation, Digest inventoryDigest, long carriedEpoch, Instant now) {
        ExternalPayload payload = new ExternalPayload(
                operation.planDigest(),
                inventoryDigest,
                operation.candidate().table(),
                null,
                null,
                null,
                List.of(),
                null,
                null,
                inventoryDigest,
                null,
                now,
                now,
                PhaseHistory.started(ExternalPhase.LOCKED.name(), now));
        return new ExternalRecord(
                operation.targetKey(),
                operation.operationId(),
                FenceToken.issue(random),
                ExternalPhase.LOCKED,
                carriedEpoch,
                payload);
    }

    /** LOCKED -> STAGING: the artifact, the baseline and the member map are bound. */
    ExternalRecord staging(
            ExternalRecord locked,
            ArtifactBinding artifact,
            TableDefinition target,
            List<MemberRecord> members,
            Instant now) {
        ExternalPayload p = locked.payload();
        return with(
                locked,
                ExternalPhase.STAGING,
                locked.dispatchEpoch(),
                new ExternalPayload(
                        p.planDigest(),
                        p.inventoryDigest(),
                        p.candidateTable(),
                        artifact,
                        target,
                        null,
                        members,
                        null,
                        null,
                        p.capabilityInventoryDigest(),
                        null,
                        p.createdAt(),
                        updated(p, now)));
    }

    /** STAGING -> STAGING with one member's new stage. */
    ExternalRecord member(ExternalRecord staging, MemberRecord member, Instant now) {
        List<MemberRecord> members = staging.payload().members().stream()
                .map(m -> m.memberId().equals(member.memberId()) ? member : m)
                .toList();
        return withMembers(staging, ExternalPhase.STAGING, members, null, now);
    }

    /** STAGING -> STAGED with the members' common candidate definition. */
    ExternalRecord staged(ExternalRecord staging, TableDefinition candidate, Instant now) {
        return withMembers(staging, ExternalPhase.STAGED, staging.payload().members(), candidate, now);
    }

    /**
     * STAGED -> STAGING with every member unchanged: withdraws the publication permit (no dispatch CAS
     * can follow this version) before a fenced operation's owned candidates are dropped.
     */
    ExternalRecord withdrawn(ExternalRecord staged, Instant now) {
        return withMembers(staged, ExternalPhase.STAGING, staged.payload().members(), null, now);
    }

    /** STAGED -> PUBLICATION_DISPATCHING with a fresh publication token at the next epoch. */
    ExternalRecord dispatching(ExternalRecord staged, Instant now) {
        long epoch = staged.dispatchEpoch() + 1;
        DdlAction action = staged.payload().absentTarget() ? DdlAction.RENAME : DdlAction.EXCHANGE;
        DdlBinding publication =
                DdlBinding.dispatched(DdlCorrelationToken.issue(staged.operationId(), action, epoch, random));
        return with(
                staged, ExternalPhase.PUBLICATION_DISPATCHING, epoch, ddl(staged.payload(), publication, null, now));
    }

    /** Persists the bound publication entry. */
    ExternalRecord publicationBound(ExternalRecord dispatching, BoundEntry entry, Instant now) {
        return with(
                dispatching,
                dispatching.phase(),
                dispatching.dispatchEpoch(),
                ddl(dispatching.payload(), bind(dispatching.payload().publication(), entry), null, now));
    }

    /** PUBLICATION_DISPATCHING -> COMMITTED with the terminal receipt; every member COMMITTED. */
    ExternalRecord committed(ExternalRecord dispatching, QueueStatus receipt, Instant now) {
        ExternalPayload p = dispatching.payload();
        ExternalPayload next = new ExternalPayload(
                p.planDigest(),
                p.inventoryDigest(),
                p.candidateTable(),
                p.artifact(),
                p.targetDefinition(),
                p.candidateDefinition(),
                p.members().stream().map(MemberRecord::committed).toList(),
                receipt(p.publication(), receipt),
                null,
                p.capabilityInventoryDigest(),
                null,
                p.createdAt(),
                updated(p, now));
        return with(dispatching, ExternalPhase.COMMITTED, dispatching.dispatchEpoch(), next);
    }

    /**
     * COMMITTED (or a CLEANUP_DISPATCHING whose drop receipt is persisted, or whose drop the record
     * marks lost) -> CLEANUP_DISPATCHING at the next epoch with a fresh token.
     */
    ExternalRecord cleanupDispatching(ExternalRecord current, Instant now) {
        long epoch = current.dispatchEpoch() + 1;
        DdlBinding cleanup =
                DdlBinding.dispatched(DdlCorrelationToken.issue(current.operationId(), DdlAction.DROP, epoch, random));
        return with(
                current,
                ExternalPhase.CLEANUP_DISPATCHING,
                epoch,
                ddl(current.payload(), current.payload().publication(), cleanup, now));
    }

    /** Persists the bound cleanup entry (same phase and epoch). */
    ExternalRecord cleanupBound(ExternalRecord current, BoundEntry entry, Instant now) {
        return with(
                current,
                current.phase(),
                current.dispatchEpoch(),
                ddl(
                        current.payload(),
                        current.payload().publication(),
                        bind(current.payload().cleanup(), entry),
                        now));
    }

    /**
     * CLEANUP_DISPATCHING -> itself with the unbound drop marked lost ({@code LostDrop}): same epoch
     * and binding; a redispatch under a new epoch may follow, in this run or any later one.
     */
    ExternalRecord cleanupLost(ExternalRecord current, Instant now) {
        ExternalPayload p = current.payload();
        return with(
                current,
                current.phase(),
                current.dispatchEpoch(),
                new ExternalPayload(
                        p.planDigest(),
                        p.inventoryDigest(),
                        p.candidateTable(),
                        p.artifact(),
                        p.targetDefinition(),
                        p.candidateDefinition(),
                        p.members(),
                        p.publication(),
                        p.cleanup(),
                        p.capabilityInventoryDigest(),
                        null,
                        p.createdAt(),
                        updated(p, now),
                        p.phases(),
                        true));
    }

    /** Persists the terminal receipt of a drop that left exact predecessor copies, before a redispatch. */
    ExternalRecord cleanupReceipt(ExternalRecord current, QueueStatus receipt, Instant now) {
        return with(
                current,
                current.phase(),
                current.dispatchEpoch(),
                ddl(
                        current.payload(),
                        current.payload().publication(),
                        receipt(current.payload().cleanup(), receipt),
                        now));
    }

    /** -> COMPLETED; {@code cleanupReceipt} is null for an absent target or when already persisted; every member cleaned. */
    ExternalRecord completed(ExternalRecord current, QueueStatus cleanupReceipt, Instant now) {
        ExternalPayload p = current.payload();
        DdlBinding cleanup =
                p.cleanup() != null && cleanupReceipt != null ? receipt(p.cleanup(), cleanupReceipt) : p.cleanup();
        ExternalPayload next = new ExternalPayload(
                p.planDigest(),
                p.inventoryDigest(),
                p.candidateTable(),
                p.artifact(),
                p.targetDefinition(),
                p.candidateDefinition(),
                p.members().stream().map(MemberRecord::cleaned).toList(),
                p.publication(),
                cleanup,
                p.capabilityInventoryDigest(),
                null,
                p.createdAt(),
                updated(p, now));
        return with(current, ExternalPhase.COMPLETED, current.dispatchEpoch(), next);
    }

    /** LOCKED or STAGING -> ABORTED after exact owned cleanup; {@code members} show what was discarded. */
    ExternalRecord aborted(ExternalRecord current, List<MemberRecord> members, DponeErrorCode code, Instant now) {
        ExternalPayload p = current.payload();
        ExternalPayload next = new ExternalPayload(
                p.planDigest(),
                p.inventoryDigest(),
                p.candidateTable(),
                p.artifact(),
                p.targetDefinition(),
                null,
                members,
                null,
                null,
                p.capabilityInventoryDigest(),
                requireNonNull(code, "code is null"),
                p.createdAt(),
                updated(p, now));
        return with(current, ExternalPhase.ABORTED, current.dispatchEpoch(), next);
    }

    private static ExternalRecord withMembers(
            ExternalRecord current,
            ExternalPhase phase,
            List<MemberRecord> members,
            TableDefinition candidate,
            Instant now) {
        ExternalPayload p = current.payload();
        return with(
                current,
                phase,
                current.dispatchEpoch(),
                new ExternalPayload(
                        p.planDigest(),
                        p.inventoryDigest(),
                        p.candidateTable(),
                        p.artifact(),
                        p.targetDefinition(),
                        candidate,
                        members,
                        p.publication(),
                        p.cleanup(),
                        p.capabilityInventoryDigest(),
                        null,
                        p.createdAt(),
                        updated(p, now)));
    }

    private static ExternalPayload ddl(ExternalPayload p, DdlBinding publication, DdlBinding cleanup, Instant now) {
        return new ExternalPayload(
                p.planDigest(),
                p.inventoryDigest(),
                p.candidateTable(),
                p.artifact(),
                p.targetDefinition(),
                p.candidateDefinition(),
                p.members(),
                publication,
                cleanup,
                p.capabilityInventoryDigest(),
                null,
                p.createdAt(),
                updated(p, now));
    }

    private static DdlBinding bind(DdlBinding binding, BoundEntry entry) {
        return new DdlBinding(binding.token(), entry.entry(), entry.queryDigest(), null);
    }

    private static DdlBinding receipt(DdlBinding binding, QueueStatus receipt) {
        return new DdlBinding(binding.token(), binding.entry(), binding.queryDigest(), receipt);
    }

    private static Instant updated(ExternalPayload p, Instant now) {
        return now.isBefore(p.updatedAt()) ? p.updatedAt() : now;
    }

    /** The next record; every step passes here, so each phase change is timed once, at the record's updated time. */
    private static ExternalRecord with(
            ExternalRecord current, ExternalPhase phase, long epoch, ExternalPayload payload) {
        ExternalPayload timed = payload.withPhases(
                current.payload().phases().entered(current.phase().name(), phase.name(), payload.updatedAt()));
        return new ExternalRecord(
                current.targetKey(), current.operationId(), current.fenceToken(), phase, epoch, timed);
    }
}
