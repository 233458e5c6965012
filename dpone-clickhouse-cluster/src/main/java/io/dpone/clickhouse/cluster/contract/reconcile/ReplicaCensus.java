package io.dpone.clickhouse.cluster.contract.reconcile;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.reconcile.ReplicaObservation.Observed;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Per-replica states over the exact expected member set. A member observed twice, a member not
 * expected, and an expected member without an observation all make membership inexact; an
 * unavailable member is UNKNOWN.
 */
public record ReplicaCensus(Map<HostEndpoint, ReplicaState> states, boolean exactMembership, boolean anyUnavailable) {
    public ReplicaCensus {
        states = Map.copyOf(requireNonNull(states, "states is null"));
    }

    public static ReplicaCensus take(
            PublicationShape shape,
            Set<HostEndpoint> expected,
            List<ReplicaObservation> observations,
            ReplicaStateClassifier classifier) {
        return take(new ExpectedShapes.Uniform(shape), expected, observations, classifier);
    }

    /**
     * The census against per-member expectations: each observed member is classified against its
     * own shape; a member without one is UNKNOWN.
     */
    public static ReplicaCensus take(
            ExpectedShapes shapes,
            Set<HostEndpoint> expected,
            List<ReplicaObservation> observations,
            ReplicaStateClassifier classifier) {
        Map<HostEndpoint, ReplicaState> states = new HashMap<>();
        boolean exact = !expected.isEmpty() && observations.size() == expected.size();
        boolean unavailable = false;
        for (ReplicaObservation observation : observations) {
            HostEndpoint member = observation.member();
            exact &= expected.contains(member) && !states.containsKey(member);
            ReplicaState state = ReplicaState.UNKNOWN;
            if (observation instanceof Observed observed) {
                state = shapes.of(member)
                        .map(shape -> classifier.classify(shape, observed.target(), observed.candidate()))
                        .orElse(ReplicaState.UNKNOWN);
            } else {
                unavailable = true;
            }
            states.merge(member, state, (first, second) -> ReplicaState.UNKNOWN);
        }
        return new ReplicaCensus(states, exact, unavailable);
    }

    /** The distinct states present. */
    public Set<ReplicaState> distinctStates() {
        Set<ReplicaState> distinct = EnumSet.noneOf(ReplicaState.class);
        distinct.addAll(states.values());
        return distinct;
    }

    public boolean all(ReplicaState state) {
        return !states.isEmpty() && states.values().stream().allMatch(state::equals);
    }
}
