package io.dpone.clickhouse.cluster.contract.reconcile;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationShape.AbsentTarget;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationShape.ExistingTarget;

/** The spec's per-replica mapping tables for existing and absent targets (section 5), exactly. */
public final class SpecReplicaStateClassifier implements ReplicaStateClassifier {
    public static final SpecReplicaStateClassifier INSTANCE = new SpecReplicaStateClassifier();

    private SpecReplicaStateClassifier() {}

    @Override
    public ReplicaState classify(PublicationShape shape, TableObservation target, TableObservation candidate) {
        if (shape instanceof ExistingTarget existing) {
            return existing(existing, target, candidate);
        }
        if (shape instanceof AbsentTarget absent) {
            return absent(absent, target, candidate);
        }
        return ReplicaState.UNKNOWN;
    }

    private static ReplicaState existing(ExistingTarget shape, TableObservation target, TableObservation candidate) {
        if (is(target, shape.predecessor()) && is(candidate, shape.desired())) {
            return ReplicaState.PENDING;
        }
        if (is(target, shape.desired()) && is(candidate, shape.predecessor())) {
            return ReplicaState.COMMITTED;
        }
        if (is(target, shape.desired()) && candidate instanceof TableObservation.Absent) {
            return ReplicaState.CLEANUP_PENDING;
        }
        return ReplicaState.UNKNOWN;
    }

    private static ReplicaState absent(AbsentTarget shape, TableObservation target, TableObservation candidate) {
        if (target instanceof TableObservation.Absent && is(candidate, shape.desired())) {
            return ReplicaState.PENDING;
        }
        if (is(target, shape.desired()) && candidate instanceof TableObservation.Absent) {
            return ReplicaState.COMMITTED;
        }
        return ReplicaState.UNKNOWN;
    }

    private static boolean is(TableObservation observation, GenerationIdentity identity) {
        return observation instanceof TableObservation.Present present
                && present.identity().equals(identity);
    }
}
