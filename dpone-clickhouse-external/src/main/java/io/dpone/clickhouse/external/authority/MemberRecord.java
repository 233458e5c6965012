package io.dpone.clickhouse.external.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.identity.ExternalIdentities;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * One required member's records in the external authority: its identity by shard and replica
 * number only (never an endpoint), its target's UUID at the baseline, its own candidate's UUID and
 * canonical content digest, and its stage, publication and cleanup records.
 *
 * @param targetUuid the member's target UUID when the operation bound its baseline; null for an
 *     absent target (the predecessor cleanup later drops exactly this UUID)
 * @param candidateUuid the member's own candidate; null exactly when the stage is PENDING (and
 *     may be null for DISCARDED when nothing was recorded)
 * @param contentDigest the member's re-observed canonical content digest; set exactly when READY
 * @param triedUuids every candidate UUID this operation recorded for the member before
 *     {@code candidateUuid}, oldest first: each was recorded LOADING before its
 *     {@code CREATE ... UUID}, whose answer may have been lost while the statement still lands
 *     later, so a table under the candidate name with one of them is this operation's own
 *     superseded attempt (never proven, never published: a READY write names only the current
 *     one). At most {@link #MAX_CANDIDATE_ATTEMPTS} UUIDs per member in all; the list only grows
 */
public record MemberRecord(
        Digest memberId,
        long shardNumber,
        long replicaNumber,
        UUID targetUuid,
        UUID candidateUuid,
        Digest contentDigest,
        MemberStage stage,
        PublicationMark publication,
        CleanupMark cleanup,
        List<UUID> triedUuids) {
    /**
     * Candidate UUIDs one member may ever record in one operation (the current one included): each
     * staging attempt records one; beyond it the member is refused another attempt with
     * CLICKHOUSE_CLUSTER_STAGING_FAILED and the operation is aborted, so no UUID is ever forgotten.
     */
    public static final int MAX_CANDIDATE_ATTEMPTS = 16;

    public MemberRecord {
        requireNonNull(memberId, "memberId is null");
        requireNonNull(stage, "stage is null");
        requireNonNull(publication, "publication is null");
        requireNonNull(cleanup, "cleanup is null");
        if (shardNumber < 0 || shardNumber > 0xFFFF_FFFFL || replicaNumber < 0 || replicaNumber > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("shard and replica numbers are UInt32");
        }
        if (!memberId.equals(ExternalIdentities.memberId(shardNumber, replicaNumber))) {
            throw new IllegalArgumentException("member_id is H(shard_num, replica_num)");
        }
        switch (stage) {
            case PENDING -> require(candidateUuid == null && contentDigest == null, "PENDING has no candidate");
            case LOADING ->
                require(candidateUuid != null && contentDigest == null, "LOADING has a candidate, no digest");
            case READY -> require(candidateUuid != null && contentDigest != null, "READY has a candidate and a digest");
            case DISCARDED -> require(contentDigest == null, "DISCARDED has no digest");
        }
        if (candidateUuid != null && candidateUuid.equals(targetUuid)) {
            throw new IllegalArgumentException("a member's candidate is another table than its target");
        }
        triedUuids = List.copyOf(requireNonNull(triedUuids, "triedUuids is null"));
        Set<UUID> owned = new HashSet<>(triedUuids);
        require(
                owned.size() == triedUuids.size() && !owned.contains(candidateUuid) && !owned.contains(targetUuid),
                "tried candidate UUIDs are distinct, neither the current candidate nor the target");
        require(
                triedUuids.isEmpty() || candidateUuid != null,
                "a superseded attempt is followed by a recorded candidate");
        require(
                triedUuids.size() < MAX_CANDIDATE_ATTEMPTS,
                "at most " + MAX_CANDIDATE_ATTEMPTS + " candidate UUIDs per member");
        if (publication == PublicationMark.COMMITTED && stage != MemberStage.READY) {
            throw new IllegalArgumentException("only a READY candidate is published");
        }
        if (cleanup != CleanupMark.NOT_DONE && publication != PublicationMark.COMMITTED) {
            throw new IllegalArgumentException("cleanup follows publication");
        }
        if (cleanup == CleanupMark.NOT_NEEDED && targetUuid != null
                || cleanup == CleanupMark.DROPPED && targetUuid == null) {
            throw new IllegalArgumentException("only a member with a predecessor drops one");
        }
    }

    /** A member record with no superseded attempt. */
    public MemberRecord(
            Digest memberId,
            long shardNumber,
            long replicaNumber,
            UUID targetUuid,
            UUID candidateUuid,
            Digest contentDigest,
            MemberStage stage,
            PublicationMark publication,
            CleanupMark cleanup) {
        this(
                memberId,
                shardNumber,
                replicaNumber,
                targetUuid,
                candidateUuid,
                contentDigest,
                stage,
                publication,
                cleanup,
                List.of());
    }

    /** A member not staged yet. */
    public static MemberRecord pending(long shardNumber, long replicaNumber, UUID targetUuid) {
        return new MemberRecord(
                ExternalIdentities.memberId(shardNumber, replicaNumber),
                shardNumber,
                replicaNumber,
                targetUuid,
                null,
                null,
                MemberStage.PENDING,
                PublicationMark.NOT_COMMITTED,
                CleanupMark.NOT_DONE);
    }

    /** True while the member may record one more candidate UUID ({@link #MAX_CANDIDATE_ATTEMPTS}). */
    public boolean mayTryAgain() {
        return triedUuids.size() + (candidateUuid == null ? 0 : 1) < MAX_CANDIDATE_ATTEMPTS;
    }

    /** True when {@code uuid} is one this operation recorded for the member: its candidate or a superseded attempt. */
    public boolean owns(UUID uuid) {
        return uuid != null && (uuid.equals(candidateUuid) || triedUuids.contains(uuid));
    }

    /** Every candidate UUID recorded for the member, oldest first (the current one last). */
    public List<UUID> ownedUuids() {
        List<UUID> owned = new ArrayList<>(triedUuids);
        if (candidateUuid != null) {
            owned.add(candidateUuid);
        }
        return List.copyOf(owned);
    }

    /** LOADING under a fresh candidate; the current one, if any, joins the tried UUIDs (never forgotten). */
    public MemberRecord loading(UUID candidate) {
        if (!mayTryAgain()) {
            throw new IllegalStateException(
                    "the member recorded " + MAX_CANDIDATE_ATTEMPTS + " candidate UUIDs already");
        }
        List<UUID> tried = new ArrayList<>(triedUuids);
        if (candidateUuid != null) {
            tried.add(candidateUuid);
        }
        return new MemberRecord(
                memberId,
                shardNumber,
                replicaNumber,
                targetUuid,
                requireNonNull(candidate, "candidate is null"),
                null,
                MemberStage.LOADING,
                PublicationMark.NOT_COMMITTED,
                CleanupMark.NOT_DONE,
                tried);
    }

    public MemberRecord ready(Digest content) {
        return new MemberRecord(
                memberId,
                shardNumber,
                replicaNumber,
                targetUuid,
                candidateUuid,
                requireNonNull(content, "content is null"),
                MemberStage.READY,
                PublicationMark.NOT_COMMITTED,
                CleanupMark.NOT_DONE,
                triedUuids);
    }

    public MemberRecord discarded() {
        return new MemberRecord(
                memberId,
                shardNumber,
                replicaNumber,
                targetUuid,
                candidateUuid,
                null,
                MemberStage.DISCARDED,
                PublicationMark.NOT_COMMITTED,
                CleanupMark.NOT_DONE,
                triedUuids);
    }

    public MemberRecord committed() {
        return new MemberRecord(
                memberId,
                shardNumber,
                replicaNumber,
                targetUuid,
                candidateUuid,
                contentDigest,
                stage,
                PublicationMark.COMMITTED,
                cleanup,
                triedUuids);
    }

    public MemberRecord cleaned() {
        return new MemberRecord(
                memberId,
                shardNumber,
                replicaNumber,
                targetUuid,
                candidateUuid,
                contentDigest,
                stage,
                publication,
                targetUuid == null ? CleanupMark.NOT_NEEDED : CleanupMark.DROPPED,
                triedUuids);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    @Override
    public String toString() {
        return "MemberRecord[shard=" + shardNumber + ", replica=" + replicaNumber + ", stage=" + stage + ", tried="
                + triedUuids.size() + "]";
    }
}
