package io.dpone.testkit.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupDecision;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationShape;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.testkit.arbitrary.LabeledCleanupFacts;
import io.dpone.testkit.arbitrary.ReconcileArbitraries;
import io.dpone.testkit.arbitrary.ReplicaPlan;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.domains.Domain;
import net.jqwik.api.domains.DomainContext;
import net.jqwik.api.statistics.Statistics;

/**
 * Properties of the section 6 cleanup preconditions: no fact set containing an unknown identity,
 * an unavailable member, a partial host set or an unknown queue result (publication receipt or
 * cleanup entry) ever permits a drop or completion; a drop needs healthy replication, a terminal
 * receipt and only exact predecessor copies or clean absences (something must remain to drop,
 * unless the record marks the previous drop lost), and a lost drop never completes cleanup. Extend and implement
 * {@link #classifier()}.
 */
@Domain(DomainContext.Global.class)
@Domain(FieldsReportingDomain.class)
public abstract class CleanupClassifierContract {
    protected CleanupClassifierContract() {}

    protected abstract CleanupClassifier classifier();

    /** Also checks that the reference implementation's every decision is reached by the generator. */
    @Property
    void decisionIsTotal(@ForAll("facts") LabeledCleanupFacts labeled) {
        CleanupDecision decision = classifier().classify(labeled.facts()).decision();
        assertNotNull(decision, () -> "rule: classification is total; for " + FieldsReportingFormat.describe(labeled));
        Statistics.collect(decision);
        Statistics.coverage(coverage -> {
            for (CleanupDecision each : CleanupDecision.values()) {
                coverage.check(each).count(count -> count > 0);
            }
        });
    }

    @Property
    void anyHazardProhibitsDropAndCompletion(@ForAll("facts") LabeledCleanupFacts labeled) {
        if (!labeled.hazards().isEmpty()) {
            assertEquals(
                    CleanupDecision.PROHIBITED,
                    classifier().classify(labeled.facts()).decision(),
                    () -> "rule (spec 6): an"
                            + " unknown identity, unavailable member, partial host set or unknown queue result prohibits drop and"
                            + " completion; for " + FieldsReportingFormat.describe(labeled));
        }
    }

    @Property
    void dropNeedsAHealthyCommittedPublicationAndOnlyPredecessorCopies(@ForAll("facts") LabeledCleanupFacts labeled) {
        CleanupFacts facts = labeled.facts();
        if (!classifier().classify(facts).decision().permitsDrop()) {
            return;
        }
        String rule = "rule (spec 6): a drop needs ";
        assertTrue(
                facts.shape() instanceof PublicationShape.ExistingTarget,
                () -> rule + "an existing target (an absent target has no predecessor); for "
                        + FieldsReportingFormat.describe(labeled));
        assertTrue(
                facts.replicationHealthy(),
                () -> rule + "complete replication health; for " + FieldsReportingFormat.describe(labeled));
        assertTrue(
                facts.publicationReceipt().isTerminal(),
                () -> rule + "a terminal publication receipt; for " + FieldsReportingFormat.describe(labeled));
        assertTrue(
                Set.of(ReplicaPlan.COMMITTED, ReplicaPlan.CLEANUP_PENDING)
                        .containsAll(labeled.plans().values()),
                () -> rule + "every replica committed or already clean; for "
                        + FieldsReportingFormat.describe(labeled));
        if (facts.cleanupQueue() == QueueResult.LOST) {
            // A lost drop gave no receipt: a no-op DROP ... IF EXISTS may be sent to earn one.
            assertEquals(
                    AuthorityPhase.CLEANUP_PENDING,
                    facts.phase(),
                    () -> rule + "a recorded CLEANUP_PENDING phase to redispatch a lost drop; for "
                            + FieldsReportingFormat.describe(labeled));
        } else {
            assertTrue(
                    labeled.plans().containsValue(ReplicaPlan.COMMITTED),
                    () -> rule + "a predecessor copy left to drop; for " + FieldsReportingFormat.describe(labeled));
        }
    }

    @Property
    void completionNeedsVerifiedAbsenceOrNoPredecessor(@ForAll("facts") LabeledCleanupFacts labeled) {
        CleanupFacts facts = labeled.facts();
        if (!classifier().classify(facts).decision().permitsCompletion()) {
            return;
        }
        String rule = "rule (spec 6): completion needs ";
        assertTrue(
                facts.publicationReceipt().isTerminal(),
                () -> rule + "a terminal publication receipt; for " + FieldsReportingFormat.describe(labeled));
        if (facts.shape() instanceof PublicationShape.ExistingTarget) {
            assertTrue(
                    labeled.allPlanned(ReplicaPlan.CLEANUP_PENDING),
                    () -> rule + "candidate absence verified on every replica; for "
                            + FieldsReportingFormat.describe(labeled));
            assertTrue(
                    facts.cleanupQueue().isTerminal(),
                    () -> rule + "a terminal cleanup receipt (a late drop must not hit" + " the next candidate); for "
                            + FieldsReportingFormat.describe(labeled));
        } else {
            assertTrue(
                    labeled.allPlanned(ReplicaPlan.COMMITTED),
                    () -> rule + "every replica committed (absent target); for "
                            + FieldsReportingFormat.describe(labeled));
        }
    }

    @Provide
    Arbitrary<LabeledCleanupFacts> facts() {
        return ReconcileArbitraries.cleanupFacts();
    }
}
