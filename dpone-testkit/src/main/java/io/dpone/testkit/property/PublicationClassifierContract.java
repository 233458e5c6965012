package io.dpone.testkit.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassification;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.testkit.arbitrary.LabeledPublicationFacts;
import io.dpone.testkit.arbitrary.ReconcileArbitraries;
import io.dpone.testkit.arbitrary.ReplicaPlan;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.domains.Domain;
import net.jqwik.api.domains.DomainContext;
import net.jqwik.api.statistics.Statistics;

/**
 * Properties of the section 5 aggregate classifier over facts labeled by construction: total,
 * agrees with the spec table, and no fact set containing an unknown identity, an unavailable
 * member, a partial host set or an unknown queue result ever permits dispatch or cleanup.
 * Extend and implement {@link #classifier()}.
 */
@Domain(DomainContext.Global.class)
@Domain(FieldsReportingDomain.class)
public abstract class PublicationClassifierContract {
    protected PublicationClassifierContract() {}

    protected abstract PublicationClassifier classifier();

    @Property
    void classificationIsTotal(@ForAll("facts") LabeledPublicationFacts labeled) {
        PublicationVerdict verdict = classifier().classify(labeled.facts());
        assertNotNull(verdict, () -> "rule: classification is total; for " + FieldsReportingFormat.describe(labeled));
        assertNotNull(
                verdict.classification(),
                () -> "rule: classification is total; for " + FieldsReportingFormat.describe(labeled));
    }

    /**
     * Also checks coverage: every classification must occur at least once, so a generator change
     * cannot silently stop exercising a row (the default 1000 tries reach each one dozens of times).
     */
    @Property
    void agreesWithTheSpecTable(@ForAll("facts") LabeledPublicationFacts labeled) {
        PublicationClassification expected = SpecPublicationTable.expected(labeled);
        assertEquals(
                expected,
                classifier().classify(labeled.facts()).classification(),
                () -> "rule (spec 5): the aggregate classification table; for "
                        + FieldsReportingFormat.describe(labeled));
        Statistics.collect(expected);
        Statistics.coverage(coverage -> {
            for (PublicationClassification classification : PublicationClassification.values()) {
                coverage.check(classification).count(count -> count > 0);
            }
        });
    }

    @Property
    void anyHazardIsOutcomeUnknownAndPermitsNothing(@ForAll("facts") LabeledPublicationFacts labeled) {
        if (labeled.hazards().isEmpty()) {
            return;
        }
        PublicationClassification classification =
                classifier().classify(labeled.facts()).classification();
        String rule =
                "rule (spec 5): an unknown identity, unavailable member, partial host set or unknown queue result is"
                        + " OUTCOME_UNKNOWN and permits neither DDL nor cleanup, but " + classification + " for ";
        assertEquals(
                PublicationClassification.OUTCOME_UNKNOWN,
                classification,
                () -> rule + FieldsReportingFormat.describe(labeled));
        assertFalse(classification.permitsCleanup(), () -> rule + FieldsReportingFormat.describe(labeled));
        assertFalse(classification.permitsDispatch(), () -> rule + FieldsReportingFormat.describe(labeled));
    }

    @Property
    void cleanupOnlyFromAllCommittedWithATerminalEntry(@ForAll("facts") LabeledPublicationFacts labeled) {
        if (!classifier().classify(labeled.facts()).classification().permitsCleanup()) {
            return;
        }
        String rule =
                "rule (spec 5): cleanup only when every replica is committed and the exact host set is terminal; for ";
        assertTrue(labeled.hazards().isEmpty(), () -> rule + FieldsReportingFormat.describe(labeled));
        assertTrue(labeled.allPlanned(ReplicaPlan.COMMITTED), () -> rule + FieldsReportingFormat.describe(labeled));
        assertTrue(labeled.facts().queue().isTerminal(), () -> rule + FieldsReportingFormat.describe(labeled));
    }

    @Property
    void dispatchOnlyFromAllPendingPreparedWithoutEntry(@ForAll("facts") LabeledPublicationFacts labeled) {
        if (!classifier().classify(labeled.facts()).classification().permitsDispatch()) {
            return;
        }
        String rule =
                "rule (spec 5): first dispatch only when every replica is pending, the phase PREPARED and no entry"
                        + " queued; for ";
        assertTrue(labeled.hazards().isEmpty(), () -> rule + FieldsReportingFormat.describe(labeled));
        assertTrue(labeled.allPlanned(ReplicaPlan.PENDING), () -> rule + FieldsReportingFormat.describe(labeled));
        assertEquals(
                AuthorityPhase.PREPARED, labeled.facts().phase(), () -> rule + FieldsReportingFormat.describe(labeled));
        assertEquals(
                QueueResult.NO_ENTRY, labeled.facts().queue(), () -> rule + FieldsReportingFormat.describe(labeled));
    }

    @Provide
    Arbitrary<LabeledPublicationFacts> facts() {
        return ReconcileArbitraries.publicationFacts();
    }
}
