package io.dpone.clickhouse.external.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.PhaseHistory;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.engine.LostDrop;
import io.dpone.spi.error.DponeErrorCode;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything of an external record besides its typed CAS columns (spec 001, "The retained
 * authority binds"): plan and inventory digests, the operation's candidate table, the bound
 * artifact, the target and candidate definitions, the ordered member records, the exact
 * publication and cleanup queue identities, the capability proof and timestamps. Timestamps are
 * passed in; the contract never reads a clock.
 *
 * @param artifact null before STAGING
 * @param targetDefinition the members' common target definition at the baseline; null for an
 *     absent target (then no member has a target UUID)
 * @param candidateDefinition the members' common candidate definition; set at STAGED
 * @param members ordered by shard then replica number, one per required member; empty in LOCKED
 * @param capabilityInventoryDigest the inventory digest the distributed-DDL capability was proven
 *     for, or null; when present it is the record's inventory digest
 * @param abortCode the stable code that ended an ABORTED operation; null in every other phase
 * @param phases when the record entered each phase ({@code phase_times}), within its own created
 *     and updated times; {@link PhaseHistory#UNKNOWN} for a record written before phases were timed
 * @param cleanupLost the cleanup drop is proven lost (never sent, or no entry carries its token
 *     after the takeover wait): the record's word a redispatch acts on ({@code LostDrop})
 */
public record ExternalPayload(
        Digest planDigest,
        Digest inventoryDigest,
        String candidateTable,
        ArtifactBinding artifact,
        TableDefinition targetDefinition,
        TableDefinition candidateDefinition,
        List<MemberRecord> members,
        DdlBinding publication,
        DdlBinding cleanup,
        Digest capabilityInventoryDigest,
        DponeErrorCode abortCode,
        Instant createdAt,
        Instant updatedAt,
        PhaseHistory phases,
        boolean cleanupLost) {
    public ExternalPayload {
        requireNonNull(planDigest, "planDigest is null");
        requireNonNull(inventoryDigest, "inventoryDigest is null");
        requireNonNull(candidateTable, "candidateTable is null");
        members = List.copyOf(requireNonNull(members, "members is null"));
        requireNonNull(createdAt, "createdAt is null");
        requireNonNull(updatedAt, "updatedAt is null");
        if (candidateTable.isBlank()) {
            throw new IllegalArgumentException("candidateTable is non-blank");
        }
        if (updatedAt.isBefore(createdAt)) {
            throw new IllegalArgumentException("updatedAt precedes createdAt");
        }
        if (capabilityInventoryDigest != null && !capabilityInventoryDigest.equals(inventoryDigest)) {
            throw new IllegalArgumentException("a capability proof is for the record's inventory");
        }
        if (cleanupLost) {
            LostDrop.requireMarkable(cleanup);
        }
        requireOrderedMembers(members);
        for (MemberRecord member : members) {
            if ((member.targetUuid() == null) != (targetDefinition == null)) {
                throw new IllegalArgumentException("every member has a target UUID exactly when the target exists");
            }
        }
        requireNonNull(phases, "phases is null");
        if (!phases.within(createdAt, updatedAt) || !phases.names(ExternalPhase::isStored)) {
            throw new IllegalArgumentException("phase times must name external phases within the record's own times");
        }
    }

    /** A payload whose phase times are not known (written before phases were timed). */
    public ExternalPayload(
            Digest planDigest,
            Digest inventoryDigest,
            String candidateTable,
            ArtifactBinding artifact,
            TableDefinition targetDefinition,
            TableDefinition candidateDefinition,
            List<MemberRecord> members,
            DdlBinding publication,
            DdlBinding cleanup,
            Digest capabilityInventoryDigest,
            DponeErrorCode abortCode,
            Instant createdAt,
            Instant updatedAt) {
        this(
                planDigest,
                inventoryDigest,
                candidateTable,
                artifact,
                targetDefinition,
                candidateDefinition,
                members,
                publication,
                cleanup,
                capabilityInventoryDigest,
                abortCode,
                createdAt,
                updatedAt,
                PhaseHistory.UNKNOWN,
                false);
    }

    /** A payload whose cleanup drop, if any, is not marked lost. */
    public ExternalPayload(
            Digest planDigest,
            Digest inventoryDigest,
            String candidateTable,
            ArtifactBinding artifact,
            TableDefinition targetDefinition,
            TableDefinition candidateDefinition,
            List<MemberRecord> members,
            DdlBinding publication,
            DdlBinding cleanup,
            Digest capabilityInventoryDigest,
            DponeErrorCode abortCode,
            Instant createdAt,
            Instant updatedAt,
            PhaseHistory phases) {
        this(
                planDigest,
                inventoryDigest,
                candidateTable,
                artifact,
                targetDefinition,
                candidateDefinition,
                members,
                publication,
                cleanup,
                capabilityInventoryDigest,
                abortCode,
                createdAt,
                updatedAt,
                phases,
                false);
    }

    /** This payload with {@code history} as its phase times. */
    public ExternalPayload withPhases(PhaseHistory history) {
        return new ExternalPayload(
                planDigest,
                inventoryDigest,
                candidateTable,
                artifact,
                targetDefinition,
                candidateDefinition,
                members,
                publication,
                cleanup,
                capabilityInventoryDigest,
                abortCode,
                createdAt,
                updatedAt,
                history,
                cleanupLost);
    }

    private static void requireOrderedMembers(List<MemberRecord> members) {
        Set<java.util.UUID> candidates = new HashSet<>();
        for (int i = 0; i < members.size(); i++) {
            MemberRecord member = members.get(i);
            if (member.shardNumber() != members.get(0).shardNumber()) {
                throw new IllegalArgumentException("every member is of one shard");
            }
            if (i > 0 && member.replicaNumber() <= members.get(i - 1).replicaNumber()) {
                throw new IllegalArgumentException("members are ordered by replica number, once each");
            }
            for (java.util.UUID owned : member.ownedUuids()) {
                if (!candidates.add(owned)) {
                    throw new IllegalArgumentException("member candidates, tried ones included, are distinct tables");
                }
            }
        }
    }

    /** True when the publication is into an absent target (RENAME; nothing to clean). */
    public boolean absentTarget() {
        return targetDefinition == null;
    }
}
