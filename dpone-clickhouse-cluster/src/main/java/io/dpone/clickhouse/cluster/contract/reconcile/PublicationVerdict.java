package io.dpone.clickhouse.cluster.contract.reconcile;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.Map;

/**
 * The classification with its per-replica evidence.
 *
 * @param cause why the outcome is unknown; null unless the classification is OUTCOME_UNKNOWN
 */
public record PublicationVerdict(
        PublicationClassification classification, Map<HostEndpoint, ReplicaState> perReplica, UnknownCause cause) {
    public PublicationVerdict {
        requireNonNull(classification, "classification is null");
        perReplica = Map.copyOf(requireNonNull(perReplica, "perReplica is null"));
        if ((classification == PublicationClassification.OUTCOME_UNKNOWN) != (cause != null)) {
            throw new IllegalArgumentException("a cause is given exactly for OUTCOME_UNKNOWN");
        }
    }
}
