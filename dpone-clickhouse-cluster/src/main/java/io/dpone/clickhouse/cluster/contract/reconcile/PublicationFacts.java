package io.dpone.clickhouse.cluster.contract.reconcile;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.List;
import java.util.Set;

/**
 * Everything the section 5 classifier decides from: the record's shape and phase, the exact
 * expected members, one observation per member and the queue result of the bound entry (or of the
 * persisted receipt once the record is COMMITTED).
 */
public record PublicationFacts(
        PublicationShape shape,
        AuthorityPhase phase,
        Set<HostEndpoint> expectedMembers,
        List<ReplicaObservation> observations,
        QueueResult queue) {
    public PublicationFacts {
        requireNonNull(shape, "shape is null");
        requireNonNull(phase, "phase is null");
        expectedMembers = Set.copyOf(requireNonNull(expectedMembers, "expectedMembers is null"));
        observations = List.copyOf(requireNonNull(observations, "observations is null"));
        requireNonNull(queue, "queue is null");
    }
}
