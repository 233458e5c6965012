package io.dpone.clickhouse.cluster.contract.reconcile;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.List;
import java.util.Set;

/**
 * The facts the section 6 preconditions judge.
 *
 * @param shapes the generations each member is judged against (one for all, or one per member)
 * @param publicationReceipt the persisted publication receipt (UNKNOWN when none is persisted)
 * @param cleanupQueue the exact-host-set aggregate of the bound drop entry, NO_ENTRY before one
 * @param replicationHealthy the readiness barrier's verdict for the target on every member
 */
public record CleanupFacts(
        ExpectedShapes shapes,
        AuthorityPhase phase,
        Set<HostEndpoint> expectedMembers,
        List<ReplicaObservation> observations,
        QueueResult publicationReceipt,
        QueueResult cleanupQueue,
        boolean replicationHealthy) {
    public CleanupFacts {
        requireNonNull(shapes, "shapes is null");
        requireNonNull(phase, "phase is null");
        expectedMembers = Set.copyOf(requireNonNull(expectedMembers, "expectedMembers is null"));
        observations = List.copyOf(requireNonNull(observations, "observations is null"));
        requireNonNull(publicationReceipt, "publicationReceipt is null");
        requireNonNull(cleanupQueue, "cleanupQueue is null");
    }

    /** Internal mode: one shape for every replica. */
    public CleanupFacts(
            PublicationShape shape,
            AuthorityPhase phase,
            Set<HostEndpoint> expectedMembers,
            List<ReplicaObservation> observations,
            QueueResult publicationReceipt,
            QueueResult cleanupQueue,
            boolean replicationHealthy) {
        this(
                new ExpectedShapes.Uniform(shape),
                phase,
                expectedMembers,
                observations,
                publicationReceipt,
                cleanupQueue,
                replicationHealthy);
    }

    /** The one shape of uniform facts; per-member facts have none and throw IllegalStateException. */
    public PublicationShape shape() {
        return UniformShape.of(shapes);
    }
}
