package io.dpone.clickhouse.cluster.contract.generation;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.HOST_A;
import static io.dpone.clickhouse.cluster.contract.ContractFixtures.HOST_B;
import static io.dpone.clickhouse.cluster.contract.ContractFixtures.HOST_C;
import static io.dpone.clickhouse.cluster.contract.ContractFixtures.NEW;
import static io.dpone.clickhouse.cluster.contract.ContractFixtures.OLD;
import static io.dpone.clickhouse.cluster.contract.generation.GenerationViolation.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.spi.error.DponeErrorCode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Spec section 2's generation rules, one block of rows per spec sentence; each row is named after
 * its sentence. Pure/offline evidence.
 */
class GenerationRulesTest {
    private static final Set<HostEndpoint> THREE = Set.of(HOST_A, HOST_B, HOST_C);
    private static final TableObservation ABSENT = TableObservation.absent();
    private static final TableObservation UNKNOWN = new TableObservation.Indeterminate("duplicate system.tables rows");

    private enum Entry {
        ADMISSION(GenerationRules::targetAtAdmission),
        STAGED(GenerationRules::afterStaging);

        final BiFunction<Set<HostEndpoint>, List<ReplicaTables>, GenerationVerdict> rules;

        Entry(BiFunction<Set<HostEndpoint>, List<ReplicaTables>, GenerationVerdict> rules) {
            this.rules = rules;
        }
    }

    private static TableObservation present(GenerationIdentity identity) {
        return TableObservation.present(identity);
    }

    private static GenerationIdentity with(
            GenerationIdentity base, UUID uuid, String engine, String schema, String keeper, String path) {
        return new GenerationIdentity(
                uuid == null ? base.tableUuid() : uuid,
                engine == null ? base.normalizedEngineFull() : engine,
                schema == null ? base.schemaDigest() : schema,
                keeper == null ? base.zookeeperName() : keeper,
                path == null ? base.zookeeperPath() : path);
    }

    /** One replica: target and candidate with the usual per-member replica names r1, r2, r3. */
    private static ReplicaTables replica(HostEndpoint member, TableObservation target, TableObservation candidate) {
        String name = member.equals(HOST_A) ? "r1" : member.equals(HOST_B) ? "r2" : "r3";
        return new ReplicaTables(member, target, named(target, name), candidate, named(candidate, name));
    }

    private static Optional<String> named(TableObservation observation, String name) {
        return observation instanceof TableObservation.Absent ? Optional.empty() : Optional.of(name);
    }

    private static List<ReplicaTables> uniform(TableObservation target, TableObservation candidate) {
        return List.of(
                replica(HOST_A, target, candidate),
                replica(HOST_B, target, candidate),
                replica(HOST_C, target, candidate));
    }

    /** Healthy staged existing target with one replica replaced. */
    private static List<ReplicaTables> onB(ReplicaTables b) {
        return List.of(replica(HOST_A, present(OLD), present(NEW)), b, replica(HOST_C, present(OLD), present(NEW)));
    }

    private static Arguments row(
            GenerationRule rule,
            String situation,
            Entry entry,
            List<ReplicaTables> replicas,
            GenerationViolation... expected) {
        return Arguments.of(rule.sentence() + " / " + situation, rule, entry, replicas, List.of(expected));
    }

    static Stream<Arguments> rows() {
        GenerationIdentity oldOtherUuid =
                with(OLD, UUID.fromString("00000000-0000-0000-0000-0000000000ff"), null, null, null, null);
        GenerationIdentity oldOtherSchema = with(OLD, null, null, "schema-2", null, null);
        GenerationIdentity oldOtherKeeper = with(OLD, null, null, null, "aux", null);
        GenerationIdentity newSharingUuid = with(NEW, OLD.tableUuid(), null, null, null, null);
        GenerationIdentity newSharingPath = with(NEW, null, null, null, null, OLD.zookeeperPath());
        GenerationIdentity newSamePathOtherKeeper = with(NEW, null, null, null, "aux", OLD.zookeeperPath());
        GenerationIdentity oldPlainMergeTree = with(OLD, null, "MergeTree ORDER BY id", null, null, null);
        GenerationIdentity oldDistributed = with(OLD, null, "Distributed('c1', 'db', 't')", null, null, null);
        GenerationIdentity newLookalike =
                with(NEW, null, "ReplicatedMergeTreeX('/p', '{replica}') ORDER BY id", null, null, null);
        GenerationIdentity oldSumming =
                with(OLD, null, "ReplicatedSummingMergeTree('/p', '{replica}') ORDER BY id", null, null, null);
        GenerationIdentity newVersioned = with(
                NEW,
                null,
                "ReplicatedVersionedCollapsingMergeTree('/q', '{replica}', sign, ver) ORDER BY id",
                null,
                null,
                null);
        List<Arguments> rows = new ArrayList<>();
        GenerationRule one = GenerationRule.TARGET_ONE_IDENTITY;
        rows.add(row(one, "one identity on every replica", Entry.ADMISSION, uniform(present(OLD), ABSENT)));
        rows.add(row(one, "absent on every replica is an absent target", Entry.ADMISSION, uniform(ABSENT, ABSENT)));
        rows.add(row(one, "absent everywhere, candidate staged", Entry.STAGED, uniform(ABSENT, present(NEW))));
        rows.add(row(
                one,
                "another UUID on one replica",
                Entry.ADMISSION,
                onB(replica(HOST_B, present(oldOtherUuid), ABSENT)),
                TARGET_IDENTITY_DIVERGES));
        rows.add(row(
                one,
                "another schema on one replica",
                Entry.STAGED,
                onB(replica(HOST_B, present(oldOtherSchema), present(NEW))),
                TARGET_IDENTITY_DIVERGES));
        rows.add(row(
                one,
                "another Keeper on one replica",
                Entry.STAGED,
                onB(replica(HOST_B, present(oldOtherKeeper), present(NEW))),
                TARGET_IDENTITY_DIVERGES));
        rows.add(row(
                one,
                "indeterminate on one replica",
                Entry.ADMISSION,
                onB(replica(HOST_B, UNKNOWN, present(NEW))),
                TARGET_IDENTITY_UNKNOWN));
        rows.add(row(
                one,
                "absent on one replica",
                Entry.ADMISSION,
                onB(replica(HOST_B, ABSENT, present(NEW))),
                TARGET_PRESENCE_MIXED,
                TARGET_REPLICA_NAME_MISSING));

        GenerationRule candidate = GenerationRule.CANDIDATE_DISTINCT_AND_UNIFORM;
        rows.add(row(candidate, "uniform and distinct", Entry.STAGED, uniform(present(OLD), present(NEW))));
        rows.add(row(
                candidate, "not judged at admission", Entry.ADMISSION, onB(replica(HOST_B, present(OLD), UNKNOWN))));
        rows.add(row(candidate, "absent after staging", Entry.STAGED, uniform(present(OLD), ABSENT), CANDIDATE_ABSENT));
        rows.add(row(
                candidate,
                "absent on one replica",
                Entry.STAGED,
                onB(replica(HOST_B, present(OLD), ABSENT)),
                CANDIDATE_PRESENCE_MIXED,
                CANDIDATE_REPLICA_NAME_MISSING));
        rows.add(row(
                candidate,
                "indeterminate on one replica",
                Entry.STAGED,
                onB(replica(HOST_B, present(OLD), UNKNOWN)),
                CANDIDATE_IDENTITY_UNKNOWN));
        rows.add(row(
                candidate,
                "another identity on one replica",
                Entry.STAGED,
                onB(replica(HOST_B, present(OLD), present(with(NEW, null, null, "schema-9", null, null)))),
                CANDIDATE_IDENTITY_DIVERGES));
        rows.add(row(
                candidate,
                "the target's UUID",
                Entry.STAGED,
                uniform(present(OLD), present(newSharingUuid)),
                CANDIDATE_SHARES_TARGET_UUID));
        rows.add(row(
                candidate,
                "the target's replication path",
                Entry.STAGED,
                uniform(present(OLD), present(newSharingPath)),
                CANDIDATE_SHARES_TARGET_PATH));
        rows.add(row(
                candidate,
                "the same path text under another Keeper is another path",
                Entry.STAGED,
                uniform(present(OLD), present(newSamePathOtherKeeper))));
        rows.add(row(
                candidate,
                "the UUID of a target seen on one replica only",
                Entry.STAGED,
                onB(replica(HOST_B, present(with(OLD, NEW.tableUuid(), null, null, null, null)), present(NEW))),
                TARGET_IDENTITY_DIVERGES,
                CANDIDATE_SHARES_TARGET_UUID));

        GenerationRule engines = GenerationRule.ENGINE_FAMILY;
        rows.add(row(
                engines, "other family members", Entry.STAGED, uniform(present(oldSumming), present(newVersioned))));
        rows.add(row(
                engines,
                "plain MergeTree target",
                Entry.ADMISSION,
                uniform(present(oldPlainMergeTree), ABSENT),
                TARGET_ENGINE_OUTSIDE_FAMILY));
        rows.add(row(
                engines,
                "Distributed target",
                Entry.STAGED,
                uniform(present(oldDistributed), present(NEW)),
                TARGET_ENGINE_OUTSIDE_FAMILY));
        rows.add(row(
                engines,
                "look-alike candidate engine",
                Entry.STAGED,
                uniform(present(OLD), present(newLookalike)),
                CANDIDATE_ENGINE_OUTSIDE_FAMILY));

        GenerationRule names = GenerationRule.REPLICA_NAMES_EXACT;
        rows.add(row(names, "one distinct name per member", Entry.STAGED, uniform(present(OLD), present(NEW))));
        rows.add(row(
                names,
                "a duplicated target replica name",
                Entry.ADMISSION,
                onB(new ReplicaTables(HOST_B, present(OLD), Optional.of("r1"), present(NEW), Optional.of("r2"))),
                TARGET_REPLICA_NAMES_DUPLICATED));
        rows.add(row(
                names,
                "a missing target replica name",
                Entry.ADMISSION,
                onB(new ReplicaTables(HOST_B, present(OLD), Optional.empty(), present(NEW), Optional.of("r2"))),
                TARGET_REPLICA_NAME_MISSING));
        rows.add(row(
                names,
                "an empty target replica name",
                Entry.ADMISSION,
                onB(new ReplicaTables(HOST_B, present(OLD), Optional.of(""), present(NEW), Optional.of("r2"))),
                TARGET_REPLICA_NAME_MISSING));
        rows.add(row(
                names,
                "names differing only in case are distinct",
                Entry.ADMISSION,
                onB(new ReplicaTables(HOST_B, present(OLD), Optional.of("R1"), present(NEW), Optional.of("r2")))));
        rows.add(row(
                names,
                "a duplicated candidate replica name",
                Entry.STAGED,
                onB(new ReplicaTables(HOST_B, present(OLD), Optional.of("r2"), present(NEW), Optional.of("r3"))),
                CANDIDATE_REPLICA_NAMES_DUPLICATED));
        rows.add(row(
                names,
                "a member without facts",
                Entry.ADMISSION,
                uniform(present(OLD), ABSENT).subList(0, 2),
                REPLICA_SET_INEXACT));
        rows.add(row(
                names,
                "a member twice",
                Entry.STAGED,
                Stream.concat(
                                uniform(present(OLD), present(NEW)).stream(),
                                Stream.of(replica(HOST_C, present(OLD), present(NEW))))
                        .toList(),
                REPLICA_SET_INEXACT));
        rows.add(row(
                names,
                "a member outside the inventory",
                Entry.ADMISSION,
                Stream.concat(
                                uniform(present(OLD), ABSENT).stream(),
                                Stream.of(replica(new HostEndpoint("ch-x", 9000), present(OLD), ABSENT)))
                        .toList(),
                REPLICA_SET_INEXACT));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void specSentence(
            String name,
            GenerationRule rule,
            Entry entry,
            List<ReplicaTables> replicas,
            List<GenerationViolation> expected) {
        GenerationVerdict verdict = entry.rules.apply(THREE, replicas);
        if (expected.isEmpty()) {
            assertEquals(GenerationVerdict.Valid.class, verdict.getClass(), verdict.toString());
        } else {
            assertEquals(expected, ((GenerationVerdict.Violated) verdict).violations());
            assertTrue(
                    expected.stream().anyMatch(violation -> violation.rule() == rule), "the row breaks its sentence");
        }
    }

    @Test
    void everySentenceHasRowsThatHoldAndRowsThatBreakIt() {
        EnumSet<GenerationRule> holding = EnumSet.noneOf(GenerationRule.class);
        EnumSet<GenerationRule> breaking = EnumSet.noneOf(GenerationRule.class);
        rows().forEach(arguments -> {
            Object[] row = arguments.get();
            (((List<?>) row[4]).isEmpty() ? holding : breaking).add((GenerationRule) row[1]);
        });
        assertEquals(EnumSet.allOf(GenerationRule.class), holding);
        assertEquals(EnumSet.allOf(GenerationRule.class), breaking);
    }

    @Test
    void validVerdictsCarryTheUniformIdentities() {
        assertEquals(
                new GenerationVerdict.Valid(Optional.of(OLD), Optional.of(NEW)),
                GenerationRules.afterStaging(THREE, uniform(present(OLD), present(NEW))));
        assertEquals(
                new GenerationVerdict.Valid(Optional.empty(), Optional.of(NEW)),
                GenerationRules.afterStaging(THREE, uniform(ABSENT, present(NEW))));
        assertEquals(
                new GenerationVerdict.Valid(Optional.of(OLD), Optional.empty()),
                GenerationRules.targetAtAdmission(THREE, uniform(present(OLD), present(NEW))),
                "admission reports no candidate identity, even a present one");
    }

    @Test
    void codesFollowTheFamilyOfTheRule() {
        for (GenerationViolation violation : GenerationViolation.values()) {
            DponeErrorCode expected = switch (violation.rule()) {
                case TARGET_ONE_IDENTITY, CANDIDATE_DISTINCT_AND_UNIFORM ->
                    DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN;
                case ENGINE_FAMILY -> DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED;
                case REPLICA_NAMES_EXACT -> DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE;
            };
            assertEquals(expected, violation.code(), violation.name());
        }
        GenerationVerdict.Violated violated = new GenerationVerdict.Violated(
                List.of(CANDIDATE_ABSENT, TARGET_ENGINE_OUTSIDE_FAMILY, CANDIDATE_ABSENT));
        assertEquals(
                List.of(TARGET_ENGINE_OUTSIDE_FAMILY, CANDIDATE_ABSENT), violated.violations(), "distinct, in order");
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED, violated.code());
        assertThrows(IllegalArgumentException.class, () -> new GenerationVerdict.Violated(List.of()));
    }

    @Test
    void anEmptyInventoryIsNeverAnExactReplicaSet() {
        assertEquals(
                new GenerationVerdict.Violated(List.of(REPLICA_SET_INEXACT)),
                GenerationRules.targetAtAdmission(Set.of(), List.of()));
    }
}
