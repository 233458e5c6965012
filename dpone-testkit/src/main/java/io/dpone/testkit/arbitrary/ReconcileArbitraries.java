package io.dpone.testkit.arbitrary;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationShape;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.contract.reconcile.ReplicaObservation;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik arbitraries for reconciliation facts, labeled by construction with each member's
 * {@link ReplicaPlan} and the {@link Hazard}s the facts contain. Uniform plans (all pending, all
 * committed, all cleaned) are frequent so the permitting rows of the tables are actually reached.
 */
public final class ReconcileArbitraries {
    static final int MAX_MEMBERS = 4;

    private ReconcileArbitraries() {}

    /** A shape plus a third generation distinct from both of its generations. */
    public record ShapeWithStranger(PublicationShape shape, GenerationIdentity stranger) {}

    public static Arbitrary<ShapeWithStranger> shapes() {
        return shapes(Arbitraries.of(true, false));
    }

    static Arbitrary<ShapeWithStranger> shapes(Arbitrary<Boolean> existingTarget) {
        Arbitrary<GenerationIdentity> generations = IdentityArbitraries.pooledGenerations();
        return Combinators.combine(generations, generations, generations, existingTarget)
                .as((predecessor, desired, stranger, existing) -> new ShapeWithStranger(
                        existing
                                ? new PublicationShape.ExistingTarget(predecessor, desired)
                                : new PublicationShape.AbsentTarget(desired),
                        stranger))
                .filter(ReconcileArbitraries::wellSeparated);
    }

    private static boolean wellSeparated(ShapeWithStranger s) {
        GenerationIdentity predecessor = predecessor(s.shape());
        GenerationIdentity desired = s.shape().desired();
        return (predecessor == null || predecessor.isDistinctFrom(desired))
                && !s.stranger().equals(desired)
                && !s.stranger().equals(predecessor);
    }

    /** The observation that realizes {@code plan} for {@code shape}; {@code variant} picks among unknown forms. */
    public static ReplicaObservation observe(ShapeWithStranger s, HostEndpoint host, ReplicaPlan plan, int variant) {
        GenerationIdentity desired = s.shape().desired();
        GenerationIdentity predecessor = predecessor(s.shape());
        TableObservation absent = TableObservation.absent();
        return switch (plan) {
            case UNAVAILABLE -> new ReplicaObservation.Unavailable(host);
            case PENDING ->
                predecessor == null
                        ? observed(host, absent, present(desired))
                        : observed(host, present(predecessor), present(desired));
            case COMMITTED ->
                predecessor == null
                        ? observed(host, present(desired), absent)
                        : observed(host, present(desired), present(predecessor));
            case CLEANUP_PENDING -> observed(host, present(desired), absent);
            case UNKNOWN_IDENTITY ->
                switch (Math.floorMod(variant, 5)) {
                    case 0 -> observed(host, new TableObservation.Indeterminate("generated"), absent);
                    case 1 -> observed(host, present(s.stranger()), present(desired));
                    case 2 -> observed(host, absent, absent);
                    case 3 -> observed(host, present(desired), present(desired));
                    default -> observed(host, present(desired), present(s.stranger()));
                };
        };
    }

    /** Half fully random facts, half facts aimed at one row of the section 5 table (see {@link DirectedRows}). */
    public static Arbitrary<LabeledPublicationFacts> publicationFacts() {
        return Arbitraries.oneOf(randomPublicationFacts(), DirectedRows.publication());
    }

    /** Half fully random facts, half facts aimed at one section 6 decision (see {@link DirectedRows}). */
    public static Arbitrary<LabeledCleanupFacts> cleanupFacts() {
        return Arbitraries.oneOf(randomCleanupFacts(), DirectedRows.cleanup());
    }

    static Arbitrary<LabeledPublicationFacts> randomPublicationFacts() {
        return Combinators.combine(shapes(), members(), publicationPhases(), queueResults(), perturbations())
                .as((shape, members, phase, queue, perturbation) -> {
                    Built built = build(shape, members, perturbation);
                    Set<Hazard> hazards = built.hazards();
                    if (queue == QueueResult.UNKNOWN) {
                        hazards.add(Hazard.UNKNOWN_QUEUE);
                    }
                    PublicationFacts facts = new PublicationFacts(
                            shape.shape(), phase, members.plans().keySet(), built.observations(), queue);
                    return new LabeledPublicationFacts(facts, built.plans(), hazards);
                });
    }

    static Arbitrary<LabeledCleanupFacts> randomCleanupFacts() {
        Arbitrary<QueueResult> receipts = Arbitraries.frequency(
                Tuple.of(4, QueueResult.TERMINAL_SUCCESS),
                Tuple.of(2, QueueResult.TERMINAL_FAILURE),
                Tuple.of(1, QueueResult.IN_PROGRESS),
                Tuple.of(1, QueueResult.NO_ENTRY),
                Tuple.of(1, QueueResult.UNKNOWN));
        Arbitrary<Boolean> health = Arbitraries.frequency(Tuple.of(4, true), Tuple.of(1, false));
        Arbitrary<QueueResult> cleanupQueues = Arbitraries.oneOf(queueResults(), Arbitraries.just(QueueResult.LOST));
        return Combinators.combine(
                        shapes(), members(), cleanupPhases(), receipts, cleanupQueues, health, perturbations())
                .as((shape, members, phase, receipt, cleanupQueue, healthy, perturbation) -> {
                    Built built = build(shape, members, perturbation);
                    Set<Hazard> hazards = built.hazards();
                    if (receipt == QueueResult.UNKNOWN || cleanupQueue == QueueResult.UNKNOWN) {
                        hazards.add(Hazard.UNKNOWN_QUEUE);
                    }
                    CleanupFacts facts = new CleanupFacts(
                            shape.shape(),
                            phase,
                            members.plans().keySet(),
                            built.observations(),
                            receipt,
                            cleanupQueue,
                            healthy);
                    return new LabeledCleanupFacts(facts, built.plans(), hazards);
                });
    }

    /** Expected members with their plans and unknown-form variants. */
    public record Members(
            Map<HostEndpoint, ReplicaPlan> plans, Map<HostEndpoint, Integer> variants, HostEndpoint stranger) {}

    static Arbitrary<Members> members() {
        Arbitrary<ReplicaPlan> anyPlan = Arbitraries.frequency(
                Tuple.of(4, ReplicaPlan.PENDING),
                Tuple.of(4, ReplicaPlan.COMMITTED),
                Tuple.of(2, ReplicaPlan.CLEANUP_PENDING),
                Tuple.of(1, ReplicaPlan.UNKNOWN_IDENTITY),
                Tuple.of(1, ReplicaPlan.UNAVAILABLE));
        Arbitrary<ReplicaPlan> knownPlan = Arbitraries.frequency(
                Tuple.of(3, ReplicaPlan.PENDING),
                Tuple.of(3, ReplicaPlan.COMMITTED),
                Tuple.of(2, ReplicaPlan.CLEANUP_PENDING));
        return Combinators.combine(
                        IdentityArbitraries.pooledEndpoints()
                                .list()
                                .ofSize(MAX_MEMBERS + 1)
                                .uniqueElements(),
                        Arbitraries.integers().between(1, MAX_MEMBERS),
                        anyPlan.list().ofSize(MAX_MEMBERS),
                        knownPlan.list().ofSize(MAX_MEMBERS),
                        Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false)),
                        Arbitraries.of(true, false),
                        Arbitraries.integers().between(0, 4).list().ofSize(MAX_MEMBERS))
                .as((endpoints, size, anyPlans, knownPlans, clean, uniform, variants) -> {
                    List<ReplicaPlan> plans = clean ? knownPlans : anyPlans;
                    Map<HostEndpoint, ReplicaPlan> planned = new HashMap<>();
                    Map<HostEndpoint, Integer> variantOf = new HashMap<>();
                    for (int i = 0; i < size; i++) {
                        planned.put(endpoints.get(i), uniform ? plans.get(0) : plans.get(i));
                        variantOf.put(endpoints.get(i), variants.get(i));
                    }
                    return new Members(planned, variantOf, endpoints.get(MAX_MEMBERS));
                });
    }

    /** 0 drop a member, 1 duplicate one, 2 add an unexpected one, otherwise exact (the common case). */
    static Arbitrary<Integer> perturbations() {
        return Arbitraries.integers().between(0, 11);
    }

    static Arbitrary<AuthorityPhase> publicationPhases() {
        return Arbitraries.frequency(
                Tuple.of(3, AuthorityPhase.PREPARED),
                Tuple.of(4, AuthorityPhase.DISPATCHING),
                Tuple.of(2, AuthorityPhase.COMMITTED),
                Tuple.of(1, AuthorityPhase.CLEANUP_DISPATCHING),
                Tuple.of(1, AuthorityPhase.CLEANUP_PENDING),
                Tuple.of(1, AuthorityPhase.COMPLETED));
    }

    static Arbitrary<AuthorityPhase> cleanupPhases() {
        return Arbitraries.frequency(
                Tuple.of(1, AuthorityPhase.PREPARED),
                Tuple.of(1, AuthorityPhase.DISPATCHING),
                Tuple.of(4, AuthorityPhase.COMMITTED),
                Tuple.of(4, AuthorityPhase.CLEANUP_DISPATCHING),
                Tuple.of(3, AuthorityPhase.CLEANUP_PENDING),
                Tuple.of(1, AuthorityPhase.COMPLETED));
    }

    /** Queue results, unknown only occasionally. */
    static Arbitrary<QueueResult> queueResults() {
        return Arbitraries.frequency(
                Tuple.of(3, QueueResult.NO_ENTRY),
                Tuple.of(3, QueueResult.IN_PROGRESS),
                Tuple.of(3, QueueResult.TERMINAL_SUCCESS),
                Tuple.of(3, QueueResult.TERMINAL_FAILURE),
                Tuple.of(1, QueueResult.UNKNOWN));
    }

    /** The observations, the effective plan per expected member and the hazards built in. */
    record Built(List<ReplicaObservation> observations, Map<HostEndpoint, ReplicaPlan> plans, Set<Hazard> hazards) {}

    static Built build(ShapeWithStranger shape, Members members, int perturbation) {
        List<ReplicaObservation> observations = new ArrayList<>();
        Set<Hazard> hazards = EnumSet.noneOf(Hazard.class);
        Map<HostEndpoint, ReplicaPlan> effectivePlans = new HashMap<>();
        members.plans().forEach((host, plan) -> {
            ReplicaPlan effective = plan == ReplicaPlan.CLEANUP_PENDING && predecessor(shape.shape()) == null
                    ? ReplicaPlan.COMMITTED
                    : plan;
            effectivePlans.put(host, effective);
            observations.add(observe(shape, host, effective, members.variants().get(host)));
            if (plan == ReplicaPlan.UNKNOWN_IDENTITY) {
                hazards.add(Hazard.UNKNOWN_IDENTITY);
            }
            if (plan == ReplicaPlan.UNAVAILABLE) {
                hazards.add(Hazard.UNAVAILABLE_MEMBER);
            }
        });
        switch (perturbation) {
            case 0 -> observations.remove(0);
            case 1 -> observations.add(observations.get(0));
            case 2 -> observations.add(observe(shape, members.stranger(), ReplicaPlan.COMMITTED, 0));
            default -> {}
        }
        if (perturbation <= 2) {
            hazards.add(Hazard.PARTIAL_HOST_SET);
        }
        return new Built(observations, effectivePlans, hazards);
    }

    private static GenerationIdentity predecessor(PublicationShape shape) {
        return shape instanceof PublicationShape.ExistingTarget existing ? existing.predecessor() : null;
    }

    private static TableObservation present(GenerationIdentity identity) {
        return TableObservation.present(identity);
    }

    private static ReplicaObservation observed(HostEndpoint host, TableObservation target, TableObservation candidate) {
        return new ReplicaObservation.Observed(host, target, candidate);
    }
}
