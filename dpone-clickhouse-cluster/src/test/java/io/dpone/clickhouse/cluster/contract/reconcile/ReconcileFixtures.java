package io.dpone.clickhouse.cluster.contract.reconcile;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;

import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;

/** Replica observations that classify to a chosen state under the existing-target shape OLD -> NEW. */
final class ReconcileFixtures {
    static final PublicationShape EXISTING = new PublicationShape.ExistingTarget(OLD, NEW);
    static final PublicationShape ABSENT = new PublicationShape.AbsentTarget(NEW);

    private ReconcileFixtures() {}

    static ReplicaObservation observed(HostEndpoint host, ReplicaState state) {
        return switch (state) {
            case PENDING ->
                new ReplicaObservation.Observed(host, TableObservation.present(OLD), TableObservation.present(NEW));
            case COMMITTED ->
                new ReplicaObservation.Observed(host, TableObservation.present(NEW), TableObservation.present(OLD));
            case CLEANUP_PENDING ->
                new ReplicaObservation.Observed(host, TableObservation.present(NEW), TableObservation.absent());
            case UNKNOWN -> new ReplicaObservation.Observed(host, TableObservation.absent(), TableObservation.absent());
        };
    }

    static ReplicaObservation absentShape(HostEndpoint host, ReplicaState state) {
        return switch (state) {
            case PENDING ->
                new ReplicaObservation.Observed(host, TableObservation.absent(), TableObservation.present(NEW));
            case COMMITTED ->
                new ReplicaObservation.Observed(host, TableObservation.present(NEW), TableObservation.absent());
            default -> new ReplicaObservation.Observed(host, TableObservation.absent(), TableObservation.absent());
        };
    }
}
