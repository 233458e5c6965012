package io.dpone.clickhouse.cluster.contract.reconcile;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.List;
import java.util.Set;

/**
 * Everything the section 5 classifier decides from: the expected shapes and the record's phase,
 * the exact expected members, one observation per member and the queue result of the bound entry
 * (or of the persisted receipt once the record is COMMITTED).
 */
public record PublicationFacts(
        ExpectedShapes shapes,
        AuthorityPhase phase,
        Set<HostEndpoint> expectedMembers,
        List<ReplicaObservation> observations,
        QueueResult queue) {
    public PublicationFacts {
        requireNonNull(shapes, "shapes is null");
        requireNonNull(phase, "phase is null");
        expectedMembers = Set.copyOf(requireNonNull(expectedMembers, "expectedMembers is null"));
        observations = List.copyOf(requireNonNull(observations, "observations is null"));
        requireNonNull(queue, "queue is null");
    }

    /** Internal mode: one shape for every replica. */
    public PublicationFacts(
            PublicationShape shape,
            AuthorityPhase phase,
            Set<HostEndpoint> expectedMembers,
            List<ReplicaObservation> observations,
            QueueResult queue) {
        this(new ExpectedShapes.Uniform(shape), phase, expectedMembers, observations, queue);
    }

    /** The one shape of uniform facts; per-member facts have none and throw IllegalStateException. */
    public PublicationShape shape() {
        return UniformShape.of(shapes);
    }
}
