package io.dpone.testkit.arbitrary;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Hazard-free facts aimed at the permitting and waiting rows of the section 5 and 6 tables, which
 * uniformly random facts reach only rarely. Which row is aimed at is a generation detail; the
 * labels (plans, hazards) are still derived from construction only.
 */
final class DirectedRows {
    private DirectedRows() {}

    private enum Pattern {
        ALL_PENDING,
        ALL_COMMITTED,
        ALL_CLEANED,
        PENDING_COMMITTED_MIX,
        COMMITTED_CLEANED_MIX
    }

    private record PublicationRow(Pattern pattern, AuthorityPhase phase, QueueResult queue) {}

    private record CleanupRow(boolean existing, Pattern pattern, AuthorityPhase phase, QueueResult cleanupQueue) {}

    private static final List<PublicationRow> PUBLICATION_ROWS = List.of(
            new PublicationRow(Pattern.ALL_PENDING, AuthorityPhase.PREPARED, QueueResult.NO_ENTRY),
            new PublicationRow(Pattern.ALL_COMMITTED, AuthorityPhase.DISPATCHING, QueueResult.TERMINAL_SUCCESS),
            new PublicationRow(Pattern.ALL_COMMITTED, AuthorityPhase.COMMITTED, QueueResult.TERMINAL_FAILURE),
            new PublicationRow(Pattern.PENDING_COMMITTED_MIX, AuthorityPhase.DISPATCHING, QueueResult.IN_PROGRESS),
            new PublicationRow(Pattern.PENDING_COMMITTED_MIX, AuthorityPhase.DISPATCHING, QueueResult.TERMINAL_FAILURE),
            new PublicationRow(Pattern.ALL_PENDING, AuthorityPhase.DISPATCHING, QueueResult.TERMINAL_FAILURE),
            new PublicationRow(Pattern.ALL_PENDING, AuthorityPhase.DISPATCHING, QueueResult.IN_PROGRESS),
            new PublicationRow(Pattern.ALL_COMMITTED, AuthorityPhase.DISPATCHING, QueueResult.IN_PROGRESS));

    private static final List<CleanupRow> CLEANUP_ROWS = List.of(
            new CleanupRow(true, Pattern.ALL_COMMITTED, AuthorityPhase.COMMITTED, QueueResult.NO_ENTRY),
            new CleanupRow(
                    true, Pattern.COMMITTED_CLEANED_MIX, AuthorityPhase.CLEANUP_DISPATCHING, QueueResult.IN_PROGRESS),
            new CleanupRow(true, Pattern.ALL_CLEANED, AuthorityPhase.CLEANUP_DISPATCHING, QueueResult.TERMINAL_SUCCESS),
            new CleanupRow(
                    true, Pattern.COMMITTED_CLEANED_MIX, AuthorityPhase.CLEANUP_PENDING, QueueResult.TERMINAL_FAILURE),
            new CleanupRow(true, Pattern.COMMITTED_CLEANED_MIX, AuthorityPhase.CLEANUP_PENDING, QueueResult.LOST),
            new CleanupRow(true, Pattern.ALL_CLEANED, AuthorityPhase.CLEANUP_PENDING, QueueResult.LOST),
            new CleanupRow(false, Pattern.ALL_COMMITTED, AuthorityPhase.COMMITTED, QueueResult.NO_ENTRY));

    static Arbitrary<LabeledPublicationFacts> publication() {
        return Combinators.combine(
                        ReconcileArbitraries.shapes(), ReconcileArbitraries.members(), Arbitraries.of(PUBLICATION_ROWS))
                .as((shape, members, row) -> {
                    ReconcileArbitraries.Members planned = withPattern(members, row.pattern());
                    ReconcileArbitraries.Built built = ReconcileArbitraries.build(shape, planned, Integer.MAX_VALUE);
                    PublicationFacts facts = new PublicationFacts(
                            shape.shape(), row.phase(), planned.plans().keySet(), built.observations(), row.queue());
                    return new LabeledPublicationFacts(facts, built.plans(), built.hazards());
                });
    }

    static Arbitrary<LabeledCleanupFacts> cleanup() {
        // Replication is sometimes unhealthy on an otherwise permitting row: the one fact that alone must stop a drop.
        Arbitrary<Boolean> health = Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false));
        return Arbitraries.of(CLEANUP_ROWS)
                .flatMap(row -> Combinators.combine(
                                ReconcileArbitraries.shapes(Arbitraries.just(row.existing())),
                                ReconcileArbitraries.members(),
                                health)
                        .as((shape, members, healthy) -> {
                            ReconcileArbitraries.Members planned = withPattern(members, row.pattern());
                            ReconcileArbitraries.Built built =
                                    ReconcileArbitraries.build(shape, planned, Integer.MAX_VALUE);
                            CleanupFacts facts = new CleanupFacts(
                                    shape.shape(),
                                    row.phase(),
                                    planned.plans().keySet(),
                                    built.observations(),
                                    QueueResult.TERMINAL_SUCCESS,
                                    row.cleanupQueue(),
                                    healthy);
                            return new LabeledCleanupFacts(facts, built.plans(), built.hazards());
                        }));
    }

    /** Replaces the plans with the pattern; mixes put the two states on the first two members (or one on a single member). */
    private static ReconcileArbitraries.Members withPattern(ReconcileArbitraries.Members members, Pattern pattern) {
        Map<HostEndpoint, ReplicaPlan> plans = new HashMap<>();
        int index = 0;
        for (HostEndpoint host : members.plans().keySet().stream().sorted().toList()) {
            plans.put(
                    host,
                    switch (pattern) {
                        case ALL_PENDING -> ReplicaPlan.PENDING;
                        case ALL_COMMITTED -> ReplicaPlan.COMMITTED;
                        case ALL_CLEANED -> ReplicaPlan.CLEANUP_PENDING;
                        case PENDING_COMMITTED_MIX -> index % 2 == 0 ? ReplicaPlan.PENDING : ReplicaPlan.COMMITTED;
                        case COMMITTED_CLEANED_MIX ->
                            index % 2 == 0 ? ReplicaPlan.COMMITTED : ReplicaPlan.CLEANUP_PENDING;
                    });
            index++;
        }
        return new ReconcileArbitraries.Members(plans, members.variants(), members.stranger());
    }
}
