package io.dpone.clickhouse.cluster.contract.reconcile;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.List;
import java.util.Set;

/**
 * The facts the section 6 preconditions judge.
 *
 * @param publicationReceipt the persisted publication receipt (UNKNOWN when none is persisted)
 * @param cleanupQueue the exact-host-set aggregate of the bound drop entry, NO_ENTRY before one
 * @param replicationHealthy the readiness barrier's verdict for the target on every member
 */
public record CleanupFacts(
        PublicationShape shape,
        AuthorityPhase phase,
        Set<HostEndpoint> expectedMembers,
        List<ReplicaObservation> observations,
        QueueResult publicationReceipt,
        QueueResult cleanupQueue,
        boolean replicationHealthy) {
    public CleanupFacts {
        requireNonNull(shape, "shape is null");
        requireNonNull(phase, "phase is null");
        expectedMembers = Set.copyOf(requireNonNull(expectedMembers, "expectedMembers is null"));
        observations = List.copyOf(requireNonNull(observations, "observations is null"));
        requireNonNull(publicationReceipt, "publicationReceipt is null");
        requireNonNull(cleanupQueue, "cleanupQueue is null");
    }
}
