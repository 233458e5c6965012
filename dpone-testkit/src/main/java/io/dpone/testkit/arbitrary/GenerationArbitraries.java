package io.dpone.testkit.arbitrary;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaTables;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik arbitraries for the section 2 generation rules: {@link #labeledReplicaSets()} builds a
 * valid staged replica set and injects at most one {@link GenerationDefect} (labeled by
 * construction), {@link #replicaSets()} draws unlabeled sets from small pools so that uniform,
 * diverging, colliding and partial sets all occur often. Stateless; safe to share.
 */
public final class GenerationArbitraries {
    /** Engines of the admitted Replicated*MergeTree family, as the server renders engine_full. */
    public static final List<String> FAMILY_ENGINES = List.of(
            "ReplicatedMergeTree('%s', '{replica}') ORDER BY id",
            "ReplicatedReplacingMergeTree('%s', '{replica}', ver) ORDER BY id",
            "ReplicatedSummingMergeTree('%s', '{replica}') ORDER BY id SETTINGS index_granularity = 8192",
            "ReplicatedAggregatingMergeTree('%s', '{replica}') ORDER BY id",
            "ReplicatedCollapsingMergeTree('%s', '{replica}', sign) ORDER BY id",
            "ReplicatedVersionedCollapsingMergeTree('%s', '{replica}', sign, ver) ORDER BY id",
            "ReplicatedGraphiteMergeTree('%s', '{replica}', 'graphite_rollup') ORDER BY id");

    /** engine_full texts outside the family: plain, Distributed, look-alikes, wrong case. */
    public static final List<String> NON_FAMILY_ENGINES = List.of(
            "MergeTree ORDER BY id",
            "ReplacingMergeTree(ver) ORDER BY id",
            "Distributed('c1', 'db', 'events', rand())",
            "ReplicatedMergeTreeX('%s', '{replica}') ORDER BY id",
            "replicatedmergetree('%s', '{replica}') ORDER BY id",
            "SharedMergeTree('%s', '{replica}') ORDER BY id",
            "KeeperMap('/dpone')",
            "");

    static final int MAX_MEMBERS = 5;

    private GenerationArbitraries() {}

    /** Half valid sets (existing or absent target), half with one defect each. */
    public static Arbitrary<LabeledReplicaSet> labeledReplicaSets() {
        Arbitrary<Optional<GenerationDefect>> defects = Arbitraries.oneOf(
                Arbitraries.just(Optional.<GenerationDefect>empty()),
                Arbitraries.of(GenerationDefect.class).map(Optional::of));
        return defects.flatMap(defect -> Combinators.combine(
                        IdentityArbitraries.pooledEndpoints()
                                .list()
                                .ofSize(MAX_MEMBERS + 1)
                                .uniqueElements(),
                        Arbitraries.integers().between(2, MAX_MEMBERS),
                        targetPresence(defect),
                        familyIdentities("/clickhouse/tables/t/"),
                        familyIdentities("/clickhouse/tables/c/"),
                        replicaNames(),
                        replicaNames(),
                        Arbitraries.integers().between(0, 1000))
                .as((endpoints, size, hasTarget, target, candidate, targetNames, candidateNames, pick) -> build(
                        endpoints,
                        size,
                        hasTarget ? Optional.of(target) : Optional.empty(),
                        candidate,
                        targetNames,
                        candidateNames,
                        defect,
                        pick))
                .filter(set -> set != null));
    }

    /** Unlabeled sets over pooled members, observations and names; see the class comment. */
    public static Arbitrary<ReplicaSet> replicaSets() {
        Arbitrary<TableObservation> observations = observations();
        return Combinators.combine(
                        IdentityArbitraries.pooledEndpoints()
                                .list()
                                .ofSize(MAX_MEMBERS + 1)
                                .uniqueElements(),
                        Arbitraries.integers().between(1, MAX_MEMBERS),
                        tableAcross(observations),
                        tableAcross(observations),
                        namesAcross(),
                        namesAcross(),
                        Arbitraries.integers().between(0, 15))
                .as((endpoints, size, targets, candidates, targetNames, candidateNames, perturbation) -> {
                    List<ReplicaTables> replicas = new ArrayList<>();
                    for (int i = 0; i < size; i++) {
                        replicas.add(new ReplicaTables(
                                endpoints.get(i),
                                targets.get(i),
                                targetNames.get(i),
                                candidates.get(i),
                                candidateNames.get(i)));
                    }
                    Set<HostEndpoint> expected = new LinkedHashSet<>(endpoints.subList(0, size));
                    switch (perturbation) {
                        case 0 -> {
                            if (!replicas.isEmpty()) {
                                replicas.remove(replicas.size() - 1);
                            }
                        }
                        case 1 -> {
                            if (!replicas.isEmpty()) {
                                replicas.add(replicas.get(0));
                            }
                        }
                        case 2 ->
                            replicas.add(new ReplicaTables(
                                    endpoints.get(MAX_MEMBERS),
                                    targets.get(0),
                                    targetNames.get(0),
                                    candidates.get(0),
                                    candidateNames.get(0)));
                        default -> {}
                    }
                    return new ReplicaSet(expected, replicas);
                });
    }

    /** Identities in the family over the given path prefix; every field is generated. */
    public static Arbitrary<GenerationIdentity> familyIdentities(String pathPrefix) {
        return Combinators.combine(
                        IdentityArbitraries.uuids(),
                        Arbitraries.of(FAMILY_ENGINES),
                        IdentityArbitraries.digests(),
                        Arbitraries.of("default", "auxiliary", "\u00e9"),
                        IdentityArbitraries.names())
                .as((uuid, engine, schema, keeper, leaf) -> {
                    String path = pathPrefix + leaf;
                    return new GenerationIdentity(uuid, String.format(engine, path), schema.hex(), keeper, path);
                });
    }

    private static Arbitrary<Boolean> targetPresence(Optional<GenerationDefect> defect) {
        Boolean needed = defect.map(GenerationDefect::needsTarget).orElse(null);
        return needed == null ? Arbitraries.frequency(Tuple.of(2, true), Tuple.of(1, false)) : Arbitraries.just(needed);
    }

    /** Distinct non-empty names, one per possible member. */
    private static Arbitrary<List<String>> replicaNames() {
        return IdentityArbitraries.names().list().ofSize(MAX_MEMBERS + 1).uniqueElements();
    }

    private static LabeledReplicaSet build(
            List<HostEndpoint> endpoints,
            int size,
            Optional<GenerationIdentity> target,
            GenerationIdentity candidate,
            List<String> targetNames,
            List<String> candidateNames,
            Optional<GenerationDefect> defect,
            int pick) {
        if (target.isPresent() && !separated(target.get(), candidate)) {
            return null;
        }
        List<HostEndpoint> members = endpoints.subList(0, size);
        List<TableObservation> targets = new ArrayList<>();
        List<Optional<String>> targetNamed = new ArrayList<>();
        List<TableObservation> candidates = new ArrayList<>();
        List<Optional<String>> candidateNamed = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            targets.add(target.<TableObservation>map(TableObservation::present).orElse(TableObservation.absent()));
            targetNamed.add(target.isPresent() ? Optional.of(targetNames.get(i)) : Optional.empty());
            candidates.add(TableObservation.present(candidate));
            candidateNamed.add(Optional.of(candidateNames.get(i)));
        }
        int one = pick % size;
        int other = (one + 1) % size;
        String nonFamily = NON_FAMILY_ENGINES.get(pick % NON_FAMILY_ENGINES.size());
        if (defect.isPresent()) {
            switch (defect.get()) {
                case TARGET_FIELD_DRIFT ->
                    targets.set(one, TableObservation.present(drift(target.orElseThrow(), pick)));
                case TARGET_INDETERMINATE -> targets.set(one, new TableObservation.Indeterminate("generated"));
                case TARGET_ABSENT_ON_ONE -> {
                    targets.set(one, TableObservation.absent());
                    targetNamed.set(one, Optional.empty());
                }
                case TARGET_PRESENT_ON_ONE -> {
                    targets.set(one, TableObservation.present(stranger(candidate)));
                    targetNamed.set(one, Optional.of(targetNames.get(one)));
                }
                case TARGET_ENGINE_OUTSIDE_FAMILY -> fill(targets, withEngine(target.orElseThrow(), nonFamily));
                case TARGET_NAME_DUPLICATED -> targetNamed.set(one, targetNamed.get(other));
                case TARGET_NAME_MISSING -> targetNamed.set(one, pick % 2 == 0 ? Optional.empty() : Optional.of(""));
                case CANDIDATE_FIELD_DRIFT -> candidates.set(one, TableObservation.present(drift(candidate, pick)));
                case CANDIDATE_INDETERMINATE -> candidates.set(one, new TableObservation.Indeterminate("generated"));
                case CANDIDATE_ABSENT_ON_ONE -> {
                    candidates.set(one, TableObservation.absent());
                    candidateNamed.set(one, Optional.empty());
                }
                case CANDIDATE_ABSENT_EVERYWHERE -> {
                    fill(candidates, TableObservation.absent());
                    candidateNamed.replaceAll(ignored -> Optional.empty());
                }
                case CANDIDATE_SHARES_UUID ->
                    fill(
                            candidates,
                            new GenerationIdentity(
                                    target.orElseThrow().tableUuid(),
                                    candidate.normalizedEngineFull(),
                                    candidate.schemaDigest(),
                                    candidate.zookeeperName(),
                                    candidate.zookeeperPath()));
                case CANDIDATE_SHARES_PATH ->
                    fill(
                            candidates,
                            new GenerationIdentity(
                                    candidate.tableUuid(),
                                    candidate.normalizedEngineFull(),
                                    candidate.schemaDigest(),
                                    target.orElseThrow().zookeeperName(),
                                    target.orElseThrow().zookeeperPath()));
                case CANDIDATE_ENGINE_OUTSIDE_FAMILY -> fill(candidates, withEngine(candidate, nonFamily));
                case CANDIDATE_NAME_DUPLICATED -> candidateNamed.set(one, candidateNamed.get(other));
                case CANDIDATE_NAME_MISSING ->
                    candidateNamed.set(one, pick % 2 == 0 ? Optional.empty() : Optional.of(""));
                default -> {}
            }
        }
        List<ReplicaTables> replicas = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            replicas.add(new ReplicaTables(
                    members.get(i), targets.get(i), targetNamed.get(i), candidates.get(i), candidateNamed.get(i)));
        }
        if (defect.isPresent()) {
            switch (defect.get()) {
                case MEMBER_MISSING -> replicas.remove(one);
                case MEMBER_DUPLICATED -> replicas.add(replicas.get(one));
                case MEMBER_UNEXPECTED ->
                    replicas.add(new ReplicaTables(
                            endpoints.get(MAX_MEMBERS),
                            targets.get(one),
                            targetNamed.get(one),
                            candidates.get(one),
                            candidateNamed.get(one)));
                default -> {}
            }
        }
        return new LabeledReplicaSet(Set.copyOf(members), replicas, target, candidate, defect);
    }

    /** Distinct UUIDs and paths, also after either UUID drifts ({@link #flip}). */
    private static boolean separated(GenerationIdentity target, GenerationIdentity candidate) {
        return target.isDistinctFrom(candidate)
                && !Set.of(target.tableUuid(), flip(target.tableUuid())).contains(candidate.tableUuid());
    }

    /** The same generation with exactly one field changed; the engine stays in the family and paths keep their prefix. */
    static GenerationIdentity drift(GenerationIdentity identity, int pick) {
        return switch (pick % 5) {
            case 0 ->
                new GenerationIdentity(
                        flip(identity.tableUuid()),
                        identity.normalizedEngineFull(),
                        identity.schemaDigest(),
                        identity.zookeeperName(),
                        identity.zookeeperPath());
            case 1 -> withEngine(identity, identity.normalizedEngineFull() + " SETTINGS drifted = 1");
            case 2 ->
                new GenerationIdentity(
                        identity.tableUuid(),
                        identity.normalizedEngineFull(),
                        identity.schemaDigest() + "-drift",
                        identity.zookeeperName(),
                        identity.zookeeperPath());
            case 3 ->
                new GenerationIdentity(
                        identity.tableUuid(),
                        identity.normalizedEngineFull(),
                        identity.schemaDigest(),
                        identity.zookeeperName() + "-drift",
                        identity.zookeeperPath());
            default ->
                new GenerationIdentity(
                        identity.tableUuid(),
                        identity.normalizedEngineFull(),
                        identity.schemaDigest(),
                        identity.zookeeperName(),
                        identity.zookeeperPath() + "/drift");
        };
    }

    /** A target-side generation distinct from the candidate (for an absent target that appears on one replica). */
    private static GenerationIdentity stranger(GenerationIdentity candidate) {
        UUID uuid = new UUID(
                ~candidate.tableUuid().getMostSignificantBits(),
                ~candidate.tableUuid().getLeastSignificantBits());
        String path = "/clickhouse/tables/t/stranger";
        return new GenerationIdentity(
                uuid,
                String.format(FAMILY_ENGINES.get(0), path),
                candidate.schemaDigest(),
                candidate.zookeeperName(),
                path);
    }

    private static GenerationIdentity withEngine(GenerationIdentity identity, String engineTemplate) {
        String engine = engineTemplate.contains("%s")
                ? String.format(engineTemplate, identity.zookeeperPath())
                : engineTemplate;
        return new GenerationIdentity(
                identity.tableUuid(),
                engine,
                identity.schemaDigest(),
                identity.zookeeperName(),
                identity.zookeeperPath());
    }

    private static UUID flip(UUID uuid) {
        return new UUID(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits() ^ 1);
    }

    private static void fill(List<TableObservation> observations, GenerationIdentity identity) {
        fill(observations, TableObservation.present(identity));
    }

    private static void fill(List<TableObservation> observations, TableObservation observation) {
        observations.replaceAll(ignored -> observation);
    }

    /** Pooled observations: a few identities (colliding in UUID or path), absence and indeterminate. */
    static Arbitrary<TableObservation> observations() {
        Arbitrary<GenerationIdentity> identities = Combinators.combine(
                        Arbitraries.longs().between(0, 2).map(low -> new UUID(0, low)),
                        Arbitraries.frequency(
                                Tuple.of(4, FAMILY_ENGINES.get(0)),
                                Tuple.of(1, FAMILY_ENGINES.get(3)),
                                Tuple.of(1, NON_FAMILY_ENGINES.get(0)),
                                Tuple.of(1, NON_FAMILY_ENGINES.get(3))),
                        Arbitraries.of("s1", "s2"),
                        Arbitraries.of("default", "aux"),
                        Arbitraries.of("/p/1", "/p/2"))
                .as((uuid, engine, schema, keeper, path) ->
                        new GenerationIdentity(uuid, String.format(engine, path), schema, keeper, path));
        return Arbitraries.frequencyOf(
                Tuple.of(6, identities.map(TableObservation::present)),
                Tuple.of(2, Arbitraries.just(TableObservation.absent())),
                Tuple.of(1, Arbitraries.<TableObservation>just(new TableObservation.Indeterminate("generated"))));
    }

    /** One observation per possible member: usually the same on all, sometimes independent. */
    private static Arbitrary<List<TableObservation>> tableAcross(Arbitrary<TableObservation> observations) {
        return Arbitraries.oneOf(
                observations.map(one -> Collections.nCopies(MAX_MEMBERS + 1, one)),
                observations.map(one -> Collections.nCopies(MAX_MEMBERS + 1, one)),
                observations.list().ofSize(MAX_MEMBERS + 1));
    }

    /** One optional name per possible member: usually distinct, sometimes from a colliding pool. */
    private static Arbitrary<List<Optional<String>>> namesAcross() {
        Arbitrary<Optional<String>> pooled = Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.of("r1", "r2", "r3", "R1").map(Optional::of)),
                Tuple.of(1, Arbitraries.just(Optional.of(""))),
                Tuple.of(1, Arbitraries.just(Optional.<String>empty())));
        Arbitrary<List<Optional<String>>> distinct = Arbitraries.just(IntStream.rangeClosed(1, MAX_MEMBERS + 1)
                .mapToObj(i -> Optional.of("r" + i))
                .toList());
        return Arbitraries.oneOf(distinct, distinct, pooled.list().ofSize(MAX_MEMBERS + 1));
    }
}
