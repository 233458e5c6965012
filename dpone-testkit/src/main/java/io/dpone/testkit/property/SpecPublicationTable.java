package io.dpone.testkit.property;

import static io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassification.*;

import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassification;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.testkit.arbitrary.LabeledPublicationFacts;
import io.dpone.testkit.arbitrary.ReplicaPlan;
import java.util.Collection;
import java.util.Set;

/**
 * An independent restatement of the spec's section 5 aggregate table over construction labels,
 * used as the oracle of {@link PublicationClassifierContract}. Rows not in the spec (the state
 * machine's InProgress, contradictions) are the documented fail-closed extensions.
 */
public final class SpecPublicationTable {
    private SpecPublicationTable() {}

    public static PublicationClassification expected(LabeledPublicationFacts labeled) {
        if (!labeled.hazards().isEmpty()) {
            return OUTCOME_UNKNOWN;
        }
        Collection<ReplicaPlan> plans = labeled.plans().values();
        if (!Set.of(ReplicaPlan.PENDING, ReplicaPlan.COMMITTED).containsAll(plans)) {
            return OUTCOME_UNKNOWN;
        }
        boolean allPending = labeled.allPlanned(ReplicaPlan.PENDING);
        boolean allCommitted = labeled.allPlanned(ReplicaPlan.COMMITTED);
        AuthorityPhase phase = labeled.facts().phase();
        QueueResult queue = labeled.facts().queue();
        if (phase == AuthorityPhase.PREPARED) {
            return allPending && queue == QueueResult.NO_ENTRY ? DISPATCH_PERMITTED_AFTER_CAS : OUTCOME_UNKNOWN;
        }
        boolean postDispatch = phase == AuthorityPhase.DISPATCHING || phase == AuthorityPhase.COMMITTED;
        if (!postDispatch || queue == QueueResult.NO_ENTRY) {
            return OUTCOME_UNKNOWN;
        }
        if (allCommitted && queue.isTerminal()) {
            return COMMIT_PROVEN_PROCEED_TO_CLEANUP;
        }
        if (phase == AuthorityPhase.COMMITTED) {
            return OUTCOME_UNKNOWN;
        }
        if (!allPending && !allCommitted) {
            return queue == QueueResult.IN_PROGRESS ? PARTIAL_IN_PROGRESS : PARTIAL_TERMINAL;
        }
        if (queue == QueueResult.IN_PROGRESS) {
            return PublicationClassification.IN_PROGRESS;
        }
        return allPending && queue == QueueResult.TERMINAL_FAILURE ? ALL_PENDING_TERMINAL_FAILURE : OUTCOME_UNKNOWN;
    }
}
