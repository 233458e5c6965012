package io.dpone.clickhouse.cluster.contract.reconcile;

import io.dpone.clickhouse.cluster.contract.generation.TableObservation;

/**
 * Classifies one replica from its target and candidate observations. Total: every combination
 * yields a state and only exact identity matches yield anything but UNKNOWN. Thread-safe.
 */
@FunctionalInterface
public interface ReplicaStateClassifier {
    ReplicaState classify(PublicationShape shape, TableObservation target, TableObservation candidate);
}
