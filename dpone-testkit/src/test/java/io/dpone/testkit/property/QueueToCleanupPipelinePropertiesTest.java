package io.dpone.testkit.property;

import static org.junit.jupiter.api.Assertions.assertFalse;

import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregator;
import io.dpone.clickhouse.cluster.contract.ddl.ExactHostSetEntryAggregator;
import io.dpone.clickhouse.cluster.contract.ddl.PinnedQueueStatusNormalizer;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationShape;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.contract.reconcile.ReplicaObservation;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecCleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecPublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecReplicaStateClassifier;
import io.dpone.testkit.arbitrary.EntryScenario;
import io.dpone.testkit.arbitrary.IdentityArbitraries;
import io.dpone.testkit.arbitrary.QueueArbitraries;
import io.dpone.testkit.arbitrary.ReconcileArbitraries;
import io.dpone.testkit.arbitrary.ReplicaPlan;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * End to end through the default components: raw queue rows with an unknown row or an inexact host
 * set never let even a fully committed catalog reach a cleanup permission or a drop.
 */
class QueueToCleanupPipelinePropertiesTest {
    private static final EntryAggregator AGGREGATOR =
            new ExactHostSetEntryAggregator(PinnedQueueStatusNormalizer.INSTANCE, Sha256ProtocolDigests.INSTANCE);

    @Property
    void hazardousQueueEvidenceNeverReachesCleanup(
            @ForAll("scenarios") EntryScenario scenario, @ForAll("pairs") GenerationIdentity[] generations) {
        boolean hazardous = hazardous(scenario);
        Statistics.collect(hazardous ? "hazardous" : "clean");
        Statistics.coverage(coverage -> coverage.check("hazardous").percentage(percent -> percent > 20));
        if (!hazardous) {
            return;
        }
        QueueResult queue = QueueResult.of(AGGREGATOR
                .aggregate(scenario.entry(), scenario.expectedHosts(), scenario.rows())
                .outcome());
        ReconcileArbitraries.ShapeWithStranger shape = new ReconcileArbitraries.ShapeWithStranger(
                new PublicationShape.ExistingTarget(generations[0], generations[1]), generations[0]);
        List<ReplicaObservation> committed = scenario.expectedHosts().stream()
                .map(host -> ReconcileArbitraries.observe(shape, host, ReplicaPlan.COMMITTED, 0))
                .toList();
        PublicationFacts publication = new PublicationFacts(
                shape.shape(), AuthorityPhase.DISPATCHING, scenario.expectedHosts(), committed, queue);
        assertFalse(new SpecPublicationClassifier(SpecReplicaStateClassifier.INSTANCE)
                .classify(publication)
                .classification()
                .permitsCleanup());
        CleanupFacts cleanup = new CleanupFacts(
                shape.shape(),
                AuthorityPhase.COMMITTED,
                scenario.expectedHosts(),
                committed,
                queue,
                QueueResult.NO_ENTRY,
                true);
        assertFalse(new SpecCleanupClassifier(SpecReplicaStateClassifier.INSTANCE)
                .classify(cleanup)
                .decision()
                .permitsDrop());
    }

    @Provide
    Arbitrary<EntryScenario> scenarios() {
        return QueueArbitraries.scenarios(Sha256ProtocolDigests.INSTANCE);
    }

    @Provide
    Arbitrary<GenerationIdentity[]> pairs() {
        return IdentityArbitraries.distinctGenerationPairs();
    }

    /** An unknown row by the spec's table, a row outside the binding's host set, or a missing or duplicated host. */
    private static boolean hazardous(EntryScenario scenario) {
        Map<HostEndpoint, Integer> counts = new HashMap<>();
        for (QueueRow row : scenario.rows()) {
            if (SpecQueueTable.expected(row.status(), row.exceptionCode(), row.exceptionText())
                            == QueueStatus.OUTCOME_UNKNOWN
                    || row.host() == null
                    || row.port() == null
                    || !row.entry().equals(scenario.entry().entry())) {
                return true;
            }
            counts.merge(new HostEndpoint(row.host(), row.port()), 1, Integer::sum);
        }
        return !counts.keySet().equals(scenario.expectedHosts())
                || counts.values().stream().anyMatch(count -> count != 1)
                || !scenario.rows().stream()
                        .allMatch(row -> Sha256ProtocolDigests.INSTANCE
                                .ddlQuery(row.query())
                                .equals(scenario.entry().queryDigest()));
    }
}
