package io.dpone.clickhouse.cluster.contract.reconcile;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;

/** What was observed on one expected member for the target and candidate table names. */
public sealed interface ReplicaObservation {
    HostEndpoint member();

    record Observed(HostEndpoint member, TableObservation target, TableObservation candidate)
            implements ReplicaObservation {
        public Observed {
            requireNonNull(member, "member is null");
            requireNonNull(target, "target is null");
            requireNonNull(candidate, "candidate is null");
        }
    }

    /** The member could not be read; its state is unknown and it blocks every decision. */
    record Unavailable(HostEndpoint member) implements ReplicaObservation {
        public Unavailable {
            requireNonNull(member, "member is null");
        }
    }
}
