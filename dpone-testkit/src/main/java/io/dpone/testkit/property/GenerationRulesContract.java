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
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Properties of the seed section 2 generation rules (one target identity across replicas; a
 * uniform candidate distinct in UUID and replication path; the Replicated*MergeTree family;
 * unique replica names covering the exact inventory) at both entry points: agreement with the
 * labels of constructed sets and with the independent {@link SeedGenerationRules} oracle,
 * independence from replica order, admission blind to the candidate, and what a valid verdict
 * proves. Extend and implement {@link #targetAtAdmission} and {@link #afterStaging}.
 */
public abstract class GenerationRulesContract {
    protected GenerationRulesContract() {
    }

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
        assertEquals(expectedVerdict(set.violationsAfterStaging(), set.target(), Optional.of(set.candidate())), verdict);
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
        assertEquals(expectedVerdict(set.violationsAtAdmission(), set.target(), Optional.empty()),
                targetAtAdmission(set.expected(), set.replicas()));
    }

    /** Any facts, including combined defects the labels do not cover, get exactly the oracle's violations. */
    @Property
    void agreesWithTheSeedOracle(@ForAll("arbitrary") ReplicaSet set) {
        List<GenerationViolation> staged = SeedGenerationRules.expected(set.expected(), set.replicas(), true);
        List<GenerationViolation> admission = SeedGenerationRules.expected(set.expected(), set.replicas(), false);
        assertEquals(staged, violations(afterStaging(set.expected(), set.replicas())));
        assertEquals(admission, violations(targetAtAdmission(set.expected(), set.replicas())));
        Statistics.label("staged").collect(staged.isEmpty() ? "VALID" : staged.get(0).name());
    }

    @Property
    void replicaOrderDoesNotMatter(@ForAll("arbitrary") ReplicaSet set, @ForAll long seed) {
        List<ReplicaTables> shuffled = new ArrayList<>(set.replicas());
        Collections.shuffle(shuffled, new Random(seed));
        assertEquals(afterStaging(set.expected(), set.replicas()), afterStaging(set.expected(), shuffled));
        assertEquals(targetAtAdmission(set.expected(), set.replicas()), targetAtAdmission(set.expected(), shuffled));
    }

    @Property
    void admissionIsBlindToTheCandidate(@ForAll("arbitrary") ReplicaSet set, @ForAll("arbitrary") ReplicaSet other) {
        List<ReplicaTables> swapped = new ArrayList<>();
        for (int i = 0; i < set.replicas().size(); i++) {
            ReplicaTables mine = set.replicas().get(i);
            ReplicaTables theirs = other.replicas().isEmpty() ? mine : other.replicas().get(i % other.replicas().size());
            swapped.add(new ReplicaTables(mine.member(), mine.target(), mine.targetReplicaName(), theirs.candidate(),
                    theirs.candidateReplicaName()));
        }
        assertEquals(targetAtAdmission(set.expected(), set.replicas()), targetAtAdmission(set.expected(), swapped));
    }

    /** A valid staged verdict proves each sentence directly on the facts. */
    @Property
    void aValidStagedVerdictProvesEverySentence(@ForAll("arbitrary") ReplicaSet set) {
        GenerationVerdict verdict = afterStaging(set.expected(), set.replicas());
        assertNotNull(verdict);
        if (!(verdict instanceof GenerationVerdict.Valid valid)) {
            GenerationVerdict.Violated violated = (GenerationVerdict.Violated) verdict;
            assertFalse(violated.violations().isEmpty());
            assertEquals(violated.primary().code(), violated.code());
            return;
        }
        assertEquals(set.expected().size(), set.replicas().size());
        GenerationIdentity candidate = valid.candidate().orElseThrow();
        Set<String> targetNames = new HashSet<>();
        Set<String> candidateNames = new HashSet<>();
        for (ReplicaTables replica : set.replicas()) {
            assertTrue(set.expected().contains(replica.member()));
            assertEquals(valid.target().<TableObservation>map(TableObservation::present).orElse(TableObservation.absent()),
                    replica.target());
            assertEquals(TableObservation.present(candidate), replica.candidate());
            valid.target().ifPresent(target -> assertTrue(targetNames.add(replica.targetReplicaName().orElseThrow())));
            assertTrue(candidateNames.add(replica.candidateReplicaName().orElseThrow()));
        }
        assertTrue(SeedGenerationRules.inFamily(candidate.normalizedEngineFull()));
        valid.target().ifPresent(target -> {
            assertTrue(SeedGenerationRules.inFamily(target.normalizedEngineFull()));
            assertTrue(candidate.isDistinctFrom(target));
        });
        assertFalse(candidateNames.contains(""));
        assertFalse(targetNames.contains(""));
    }

    @Provide
    Arbitrary<LabeledReplicaSet> labeled() {
        return GenerationArbitraries.labeledReplicaSets();
    }

    @Provide
    Arbitrary<ReplicaSet> arbitrary() {
        return GenerationArbitraries.replicaSets();
    }

    private static GenerationVerdict expectedVerdict(List<GenerationViolation> violations,
            Optional<GenerationIdentity> target, Optional<GenerationIdentity> candidate) {
        return violations.isEmpty() ? new GenerationVerdict.Valid(target, candidate) : new GenerationVerdict.Violated(violations);
    }

    private static List<GenerationViolation> violations(GenerationVerdict verdict) {
        return verdict instanceof GenerationVerdict.Violated violated ? violated.violations() : List.of();
    }
}
