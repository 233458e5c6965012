package io.dpone.clickhouse.cluster.contract.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.time.Instant;

/**
 * The part of the authority record that lives only in the canonical payload (the codec also
 * mirrors the typed columns into it). Timestamps are passed in; the core never reads a clock.
 *
 * @param predecessor the target generation replaced, or null for an absent target
 * @param candidateTable the candidate table name in the target database
 * @param publication the publication DDL, or null before the dispatch CAS
 * @param cleanup the cleanup DDL, or null before the cleanup CAS
 * @param error the stable error summary of the last failed reconciliation, or null
 * @param capabilityInventoryDigest the inventory digest for which the synthetic capability
 *     assertion was proven (docs/reference/catalog-and-ddl.md, "Capability assertion"), or null
 *     when no proof is recorded; when present it equals {@code inventoryDigest}, so a proof is
 *     only ever carried into an operation on the same inventory
 * @param phases when the record entered each phase ({@code phase_times}), within its own created
 *     and updated times; {@link PhaseHistory#UNKNOWN} for a record written before phases were timed
 */
public record AuthorityPayload(
        Digest planDigest,
        Digest inventoryDigest,
        GenerationIdentity predecessor,
        GenerationIdentity desired,
        String candidateTable,
        long stagedRowCount,
        DdlBinding publication,
        DdlBinding cleanup,
        Instant createdAt,
        Instant updatedAt,
        ErrorSummary error,
        Digest capabilityInventoryDigest,
        PhaseHistory phases) {
    public AuthorityPayload {
        requireNonNull(planDigest, "planDigest is null");
        requireNonNull(inventoryDigest, "inventoryDigest is null");
        requireNonNull(desired, "desired is null");
        requireNonNull(candidateTable, "candidateTable is null");
        requireNonNull(createdAt, "createdAt is null");
        requireNonNull(updatedAt, "updatedAt is null");
        if (stagedRowCount < 0) {
            throw new IllegalArgumentException("stagedRowCount must be non-negative");
        }
        if (updatedAt.isBefore(createdAt)) {
            throw new IllegalArgumentException("updatedAt precedes createdAt");
        }
        if (predecessor != null && !predecessor.isDistinctFrom(desired)) {
            throw new IllegalArgumentException("predecessor and desired must be distinct generations");
        }
        if (capabilityInventoryDigest != null && !capabilityInventoryDigest.equals(inventoryDigest)) {
            throw new IllegalArgumentException("a capability proof must be for the record's inventory");
        }
        requireNonNull(phases, "phases is null");
        if (!phases.within(createdAt, updatedAt) || !phases.names(phase -> AuthorityPhase.fromStored(phase) != null)) {
            throw new IllegalArgumentException("phase times must name V1 phases within the record's own times");
        }
    }

    /** A payload whose phase times are not known (written before phases were timed). */
    public AuthorityPayload(
            Digest planDigest,
            Digest inventoryDigest,
            GenerationIdentity predecessor,
            GenerationIdentity desired,
            String candidateTable,
            long stagedRowCount,
            DdlBinding publication,
            DdlBinding cleanup,
            Instant createdAt,
            Instant updatedAt,
            ErrorSummary error,
            Digest capabilityInventoryDigest) {
        this(
                planDigest,
                inventoryDigest,
                predecessor,
                desired,
                candidateTable,
                stagedRowCount,
                publication,
                cleanup,
                createdAt,
                updatedAt,
                error,
                capabilityInventoryDigest,
                PhaseHistory.UNKNOWN);
    }

    /** A payload without a recorded capability proof. */
    public AuthorityPayload(
            Digest planDigest,
            Digest inventoryDigest,
            GenerationIdentity predecessor,
            GenerationIdentity desired,
            String candidateTable,
            long stagedRowCount,
            DdlBinding publication,
            DdlBinding cleanup,
            Instant createdAt,
            Instant updatedAt,
            ErrorSummary error) {
        this(
                planDigest,
                inventoryDigest,
                predecessor,
                desired,
                candidateTable,
                stagedRowCount,
                publication,
                cleanup,
                createdAt,
                updatedAt,
                error,
                null,
                PhaseHistory.UNKNOWN);
    }

    /** This payload with the capability proven for its own inventory digest. */
    public AuthorityPayload withCapabilityProven() {
        return new AuthorityPayload(
                planDigest,
                inventoryDigest,
                predecessor,
                desired,
                candidateTable,
                stagedRowCount,
                publication,
                cleanup,
                createdAt,
                updatedAt,
                error,
                inventoryDigest,
                phases);
    }

    /** This payload with {@code history} as its phase times. */
    public AuthorityPayload withPhases(PhaseHistory history) {
        return new AuthorityPayload(
                planDigest,
                inventoryDigest,
                predecessor,
                desired,
                candidateTable,
                stagedRowCount,
                publication,
                cleanup,
                createdAt,
                updatedAt,
                error,
                capabilityInventoryDigest,
                history);
    }
}
