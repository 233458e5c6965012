package io.dpone.testkit.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.GenerationVerdict;
import io.dpone.clickhouse.cluster.contract.generation.GenerationViolation;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaTables;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.testkit.arbitrary.GenerationArbitraries;
import io.dpone.testkit.arbitrary.GenerationDefect;
import io.dpone.testkit.arbitrary.LabeledReplicaSet;
import io.dpone.testkit.arbitrary.ReplicaSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.domains.Domain;
import net.jqwik.api.domains.DomainContext;
import net.jqwik.api.statistics.Statistics;

/**
 * Properties of the spec section 2 generation rules (one target identity across replicas; a
 * uniform candidate distinct in UUID and replication path; the Replicated*MergeTree family;
 * unique replica names covering the exact inventory) at both entry points: agreement with the
 * labels of constructed sets and with the independent {@link SpecGenerationRules} oracle,
 * independence from replica order, admission blind to the candidate, and what a valid verdict
 * proves. Extend and implement {@link #targetAtAdmission} and {@link #afterStaging}.
 */
@Domain(DomainContext.Global.class)
@Domain(FieldsReportingDomain.class)
public abstract class GenerationRulesContract {
    protected GenerationRulesContract() {}

    /** The rules at admission: the target only. */
    protected abstract GenerationVerdict targetAtAdmission(Set<HostEndpoint> expected, List<ReplicaTables> replicas);

    /** The rules after staging: target and candidate. */
    protected abstract GenerationVerdict afterStaging(Set<HostEndpoint> expected, List<ReplicaTables> replicas);

    /**
     * A set built valid is valid with the identities it was built from; a set built with one
     * defect reports exactly that defect's violations. Also checks coverage: every defect and
     * the valid case occur (the default 1000 tries reach each one dozens of times).
     */
    @Property
    void stagedVerdictMatchesTheConstructionLabel(@ForAll("labeled") LabeledReplicaSet set) {
        GenerationVerdict verdict = afterStaging(set.expected(), set.replicas());
        assertEquals(
                expectedVerdict(set.violationsAfterStaging(), set.target(), Optional.of(set.candidate())),
                verdict,
                () -> "rule (spec 2, after staging): a set built with one defect reports exactly its violations; for "
                        + set);
        String label = set.defect().map(Enum::name).orElse("VALID");
        Statistics.collect(label);
        Statistics.coverage(coverage -> {
            coverage.check("VALID").count(count -> count > 0);
            for (GenerationDefect defect : GenerationDefect.values()) {
                coverage.check(defect.name()).count(count -> count > 0);
            }
        });
    }

    @Property
    void admissionVerdictMatchesTheConstructionLabelWithoutTheCandidate(@ForAll("labeled") LabeledReplicaSet set) {
        assertEquals(
                expectedVerdict(set.violationsAtAdmission(), set.target(), Optional.empty()),
                targetAtAdmission(set.expected(), set.replicas()),
                () ->
                        "rule (spec 2, at admission): a set built with one defect reports exactly its target's violations; for "
                                + set);
    }

    /** Any facts, including combined defects the labels do not cover, get exactly the oracle's violations. */
    @Property
    void agreesWithTheSpecOracle(@ForAll("arbitrary") ReplicaSet set) {
        List<GenerationViolation> staged = SpecGenerationRules.expected(set.expected(), set.replicas(), true);
        List<GenerationViolation> admission = SpecGenerationRules.expected(set.expected(), set.replicas(), false);
        assertEquals(
                staged,
                violations(afterStaging(set.expected(), set.replicas())),
                () ->
                        "rule (spec 2, after staging): one target identity, a distinct uniform candidate, the Replicated*MergeTree"
                                + " family, unique replica names covering the exact inventory; for " + set);
        assertEquals(
                admission,
                violations(targetAtAdmission(set.expected(), set.replicas())),
                () -> "rule (spec 2, at admission): the same rules over the target alone; for " + set);
        Statistics.label("staged")
                .collect(staged.isEmpty() ? "VALID" : staged.get(0).name());
    }

    @Property
    void replicaOrderDoesNotMatter(@ForAll("arbitrary") ReplicaSet set, @ForAll long seed) {
        List<ReplicaTables> shuffled = new ArrayList<>(set.replicas());
        Collections.shuffle(shuffled, new Random(seed));
        assertEquals(
                afterStaging(set.expected(), set.replicas()),
                afterStaging(set.expected(), shuffled),
                () -> "rule: the staged verdict does not depend on replica order; for " + set + ", shuffled with seed "
                        + seed);
        assertEquals(
                targetAtAdmission(set.expected(), set.replicas()),
                targetAtAdmission(set.expected(), shuffled),
                () -> "rule: the admission verdict does not depend on replica order; for " + set
                        + ", shuffled with seed " + seed);
    }

    @Property
    void admissionIsBlindToTheCandidate(@ForAll("arbitrary") ReplicaSet set, @ForAll("arbitrary") ReplicaSet other) {
        List<ReplicaTables> swapped = new ArrayList<>();
        for (int i = 0; i < set.replicas().size(); i++) {
            ReplicaTables mine = set.replicas().get(i);
            ReplicaTables theirs = other.replicas().isEmpty()
                    ? mine
                    : other.replicas().get(i % other.replicas().size());
            swapped.add(new ReplicaTables(
                    mine.member(),
                    mine.target(),
                    mine.targetReplicaName(),
                    theirs.candidate(),
                    theirs.candidateReplicaName()));
        }
        assertEquals(
                targetAtAdmission(set.expected(), set.replicas()),
                targetAtAdmission(set.expected(), swapped),
                () -> "rule: admission sees the target only, not the candidate; for " + set + " with candidates from "
                        + other);
    }

    /** A valid staged verdict proves each sentence directly on the facts. */
    @Property
    void aValidStagedVerdictProvesEverySentence(@ForAll("arbitrary") ReplicaSet set) {
        GenerationVerdict verdict = afterStaging(set.expected(), set.replicas());
        assertNotNull(verdict, () -> "rule: the verdict is total; for " + set);
        if (!(verdict instanceof GenerationVerdict.Valid valid)) {
            GenerationVerdict.Violated violated = (GenerationVerdict.Violated) verdict;
            assertFalse(
                    violated.violations().isEmpty(), () -> "rule: a Violated verdict names a violation; for " + set);
            assertEquals(
                    violated.primary().code(),
                    violated.code(),
                    () -> "rule: a Violated verdict's code is its primary's; for " + set);
            return;
        }
        Supplier<String> rule =
                () -> "rule (spec 2): a Valid staged verdict " + verdict + " proves one target identity, a distinct"
                        + " uniform candidate, the Replicated*MergeTree family and unique replica names covering the exact inventory; for "
                        + set;
        assertEquals(set.expected().size(), set.replicas().size(), rule);
        GenerationIdentity candidate = valid.candidate().orElseThrow();
        Set<String> targetNames = new HashSet<>();
        Set<String> candidateNames = new HashSet<>();
        for (ReplicaTables replica : set.replicas()) {
            assertTrue(set.expected().contains(replica.member()), rule);
            assertEquals(
                    valid.target()
                            .<TableObservation>map(TableObservation::present)
                            .orElse(TableObservation.absent()),
                    replica.target(),
                    rule);
            assertEquals(TableObservation.present(candidate), replica.candidate(), rule);
            valid.target()
                    .ifPresent(target -> assertTrue(
                            targetNames.add(replica.targetReplicaName().orElseThrow()), rule));
            assertTrue(candidateNames.add(replica.candidateReplicaName().orElseThrow()), rule);
        }
        assertTrue(SpecGenerationRules.inFamily(candidate.normalizedEngineFull()), rule);
        valid.target().ifPresent(target -> {
            assertTrue(SpecGenerationRules.inFamily(target.normalizedEngineFull()), rule);
            assertTrue(candidate.isDistinctFrom(target), rule);
        });
        assertFalse(candidateNames.contains(""), rule);
        assertFalse(targetNames.contains(""), rule);
    }

    @Provide
    Arbitrary<LabeledReplicaSet> labeled() {
        return GenerationArbitraries.labeledReplicaSets();
    }

    @Provide
    Arbitrary<ReplicaSet> arbitrary() {
        return GenerationArbitraries.replicaSets();
    }

    private static GenerationVerdict expectedVerdict(
            List<GenerationViolation> violations,
            Optional<GenerationIdentity> target,
            Optional<GenerationIdentity> candidate) {
        return violations.isEmpty()
                ? new GenerationVerdict.Valid(target, candidate)
                : new GenerationVerdict.Violated(violations);
    }

    private static List<GenerationViolation> violations(GenerationVerdict verdict) {
        return verdict instanceof GenerationVerdict.Violated violated ? violated.violations() : List.of();
    }
}
