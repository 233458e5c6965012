package io.dpone.clickhouse.external.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.identity.ExternalIdentities;
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
        CleanupMark cleanup) {
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
            case LOADING -> require(candidateUuid != null && contentDigest == null, "LOADING has a candidate, no digest");
            case READY -> require(candidateUuid != null && contentDigest != null, "READY has a candidate and a digest");
            case DISCARDED -> require(contentDigest == null, "DISCARDED has no digest");
        }
        if (candidateUuid != null && candidateUuid.equals(targetUuid)) {
            throw new IllegalArgumentException("a member's candidate is another table than its target");
        }
        if (publication == PublicationMark.COMMITTED && stage != MemberStage.READY) {
            throw new IllegalArgumentException("only a READY candidate is published");
        }
        if (cleanup != CleanupMark.NOT_DONE && publication != PublicationMark.COMMITTED) {
            throw new IllegalArgumentException("cleanup follows publication");
        }
        if (cleanup == CleanupMark.NOT_NEEDED && targetUuid != null || cleanup == CleanupMark.DROPPED && targetUuid == null) {
            throw new IllegalArgumentException("only a member with a predecessor drops one");
        }
    }

    /** A member not staged yet. */
    public static MemberRecord pending(long shardNumber, long replicaNumber, UUID targetUuid) {
        return new MemberRecord(ExternalIdentities.memberId(shardNumber, replicaNumber), shardNumber, replicaNumber,
                targetUuid, null, null, MemberStage.PENDING, PublicationMark.NOT_COMMITTED, CleanupMark.NOT_DONE);
    }

    public MemberRecord loading(UUID candidate) {
        return new MemberRecord(memberId, shardNumber, replicaNumber, targetUuid, requireNonNull(candidate, "candidate is null"),
                null, MemberStage.LOADING, PublicationMark.NOT_COMMITTED, CleanupMark.NOT_DONE);
    }

    public MemberRecord ready(Digest content) {
        return new MemberRecord(memberId, shardNumber, replicaNumber, targetUuid, candidateUuid,
                requireNonNull(content, "content is null"), MemberStage.READY, PublicationMark.NOT_COMMITTED, CleanupMark.NOT_DONE);
    }

    public MemberRecord discarded() {
        return new MemberRecord(memberId, shardNumber, replicaNumber, targetUuid, candidateUuid, null, MemberStage.DISCARDED,
                PublicationMark.NOT_COMMITTED, CleanupMark.NOT_DONE);
    }

    public MemberRecord committed() {
        return new MemberRecord(memberId, shardNumber, replicaNumber, targetUuid, candidateUuid, contentDigest, stage,
                PublicationMark.COMMITTED, cleanup);
    }

    public MemberRecord cleaned() {
        return new MemberRecord(memberId, shardNumber, replicaNumber, targetUuid, candidateUuid, contentDigest, stage,
                publication, targetUuid == null ? CleanupMark.NOT_NEEDED : CleanupMark.DROPPED);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    @Override
    public String toString() {
        return "MemberRecord[shard=" + shardNumber + ", replica=" + replicaNumber + ", stage=" + stage + "]";
    }
}
