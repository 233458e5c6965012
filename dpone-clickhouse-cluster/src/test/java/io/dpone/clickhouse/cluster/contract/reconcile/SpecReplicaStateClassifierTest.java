package io.dpone.clickhouse.cluster.contract.reconcile;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static io.dpone.clickhouse.cluster.contract.reconcile.ReplicaState.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Spec section 5: the existing-target and absent-target per-replica tables, every row. */
class SpecReplicaStateClassifierTest {
    private static final PublicationShape EXISTING = new PublicationShape.ExistingTarget(OLD, NEW);
    private static final PublicationShape ABSENT = new PublicationShape.AbsentTarget(NEW);
    private static final TableObservation NONE = TableObservation.absent();
    private static final TableObservation P = TableObservation.present(OLD);
    private static final TableObservation D = TableObservation.present(NEW);
    private static final TableObservation BROKEN = new TableObservation.Indeterminate("duplicate catalog rows");

    /** Every field of the desired identity drifts once; each drift must classify UNKNOWN. */
    static List<GenerationIdentity> drifts(GenerationIdentity g) {
        return List.of(
                new GenerationIdentity(
                        UUID.randomUUID(),
                        g.normalizedEngineFull(),
                        g.schemaDigest(),
                        g.zookeeperName(),
                        g.zookeeperPath()),
                new GenerationIdentity(
                        g.tableUuid(),
                        g.normalizedEngineFull() + " ",
                        g.schemaDigest(),
                        g.zookeeperName(),
                        g.zookeeperPath()),
                new GenerationIdentity(
                        g.tableUuid(), g.normalizedEngineFull(), "schema-2", g.zookeeperName(), g.zookeeperPath()),
                new GenerationIdentity(
                        g.tableUuid(), g.normalizedEngineFull(), g.schemaDigest(), "aux", g.zookeeperPath()),
                new GenerationIdentity(
                        g.tableUuid(), g.normalizedEngineFull(), g.schemaDigest(), g.zookeeperName(), "/other"));
    }

    static Stream<Arguments> existingTable() {
        Stream<Arguments> rows = Stream.of(
                Arguments.of("PENDING: target predecessor, candidate desired", P, D, PENDING),
                Arguments.of("COMMITTED: target desired, candidate predecessor", D, P, COMMITTED),
                Arguments.of("CLEANUP_PENDING: target desired, candidate absent", D, NONE, CLEANUP_PENDING),
                Arguments.of("UNKNOWN: target missing", NONE, D, UNKNOWN),
                Arguments.of("UNKNOWN: both missing", NONE, NONE, UNKNOWN),
                Arguments.of("UNKNOWN: target predecessor, candidate missing", P, NONE, UNKNOWN),
                Arguments.of("UNKNOWN: both predecessor", P, P, UNKNOWN),
                Arguments.of("UNKNOWN: both desired", D, D, UNKNOWN),
                Arguments.of("UNKNOWN: indeterminate target", BROKEN, P, UNKNOWN),
                Arguments.of("UNKNOWN: indeterminate candidate", D, BROKEN, UNKNOWN));
        Stream<Arguments> drifted = drifts(NEW).stream()
                .flatMap(d -> Stream.of(
                        Arguments.of("UNKNOWN: drifted desired as target", TableObservation.present(d), P, UNKNOWN),
                        Arguments.of(
                                "UNKNOWN: drifted desired as candidate", P, TableObservation.present(d), UNKNOWN)));
        return Stream.concat(rows, drifted);
    }

    static Stream<Arguments> absentTable() {
        return Stream.of(
                Arguments.of("PENDING: target absent, candidate desired", NONE, D, PENDING),
                Arguments.of("COMMITTED: target desired, candidate absent", D, NONE, COMMITTED),
                Arguments.of("UNKNOWN: both absent", NONE, NONE, UNKNOWN),
                Arguments.of("UNKNOWN: both desired", D, D, UNKNOWN),
                Arguments.of("UNKNOWN: a predecessor appeared", P, D, UNKNOWN),
                Arguments.of("UNKNOWN: indeterminate", BROKEN, NONE, UNKNOWN),
                Arguments.of(
                        "UNKNOWN: drifted desired",
                        TableObservation.present(drifts(NEW).get(0)),
                        NONE,
                        UNKNOWN));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("existingTable")
    void existingTarget(String row, TableObservation target, TableObservation candidate, ReplicaState expected) {
        assertEquals(expected, SpecReplicaStateClassifier.INSTANCE.classify(EXISTING, target, candidate));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("absentTable")
    void absentTarget(String row, TableObservation target, TableObservation candidate, ReplicaState expected) {
        assertEquals(expected, SpecReplicaStateClassifier.INSTANCE.classify(ABSENT, target, candidate));
    }
}
