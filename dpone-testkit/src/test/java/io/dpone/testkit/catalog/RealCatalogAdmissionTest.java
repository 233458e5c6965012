package io.dpone.testkit.catalog;

import static io.dpone.testkit.catalog.CatalogFixtures.adapter;
import static io.dpone.testkit.catalog.CatalogFixtures.candidate;
import static io.dpone.testkit.catalog.CatalogFixtures.createOnEveryMember;
import static io.dpone.testkit.catalog.CatalogFixtures.keeperPath;
import static io.dpone.testkit.catalog.CatalogFixtures.reads;
import static io.dpone.testkit.catalog.CatalogFixtures.target;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.clickhouse.cluster.catalog.StrictCatalogAdapter;
import io.dpone.clickhouse.cluster.catalog.StrictClusterAdmission;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.ReadinessBarrier;
import io.dpone.clickhouse.cluster.contract.generation.ReadinessGap;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.transport.Transports;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The strict catalog adapter on two real members, read as the restricted publication principal
 * over both transports: admission, per-member generation identity from {@code system.tables},
 * {@code system.columns} and {@code system.replicas}, replica health, and drift detection, which
 * admission's generation rules block.
 */
@ClickHouseCluster(members = 2)
class RealCatalogAdmissionTest {

    @ParameterizedTest
    @EnumSource(Transports.class)
    void healthyClusterIsAdmittedWithOneTargetGenerationAndADistinctCandidate(
            Transports protocol, RunningCluster cluster, TestDatabase db) throws Exception {
        UUID targetUuid = UUID.randomUUID();
        UUID candidateUuid = UUID.randomUUID();
        createOnEveryMember(cluster, target(db), targetUuid, keeperPath(db, "events"));
        createOnEveryMember(cluster, candidate(db), candidateUuid, keeperPath(db, "events__cand"));
        ReadTransport reads = reads(protocol, cluster, cluster.publisher());
        try {
            ClusterAdmission.Admitted admitted = assertInstanceOf(
                    ClusterAdmission.Admitted.class,
                    new StrictClusterAdmission(adapter(reads))
                            .admit(cluster.spec().clusterName(), target(db), candidate(db)));
            assertEquals(
                    List.of(1L, 2L),
                    admitted.inventory().members().stream()
                            .map(m -> m.replicaNumber())
                            .toList(),
                    "sorted inventory");
            assertEquals(2, admitted.members().size());
            assertEquals(
                    admitted.inventory().endpoints(),
                    Set.copyOf(
                            admitted.members().stream().map(MemberFacts::member).toList()),
                    "every member answered once, identified by its own row");
            GenerationIdentity targetIdentity =
                    identity(admitted.members().get(0).target());
            GenerationIdentity candidateIdentity =
                    identity(admitted.members().get(0).candidate());
            for (MemberFacts member : admitted.members()) {
                assertTrue(member.databaseIsAtomic());
                assertEquals(targetIdentity, identity(member.target()), "one target identity across members");
                assertEquals(candidateIdentity, identity(member.candidate()), "one candidate identity across members");
            }
            assertEquals(targetUuid, targetIdentity.tableUuid());
            assertEquals(keeperPath(db, "events"), targetIdentity.zookeeperPath());
            assertEquals("default", targetIdentity.zookeeperName());
            assertTrue(
                    targetIdentity.normalizedEngineFull().startsWith("ReplicatedMergeTree("),
                    "engine_full as the server renders it");
            assertTrue(targetIdentity.normalizedEngineFull().contains("'{replica}'"), "macros stay unexpanded");
            assertTrue(candidateIdentity.isDistinctFrom(targetIdentity), "different UUID and path");
            assertEquals(targetIdentity.schemaDigest(), candidateIdentity.schemaDigest(), "same columns, same digest");
            assertEquals(
                    Set.of("r1", "r2"),
                    Set.copyOf(admitted.members().stream()
                            .map(m -> m.targetReplicaName().orElseThrow())
                            .toList()),
                    "unique replica names");
            assertEquals(Optional.of(targetIdentity), admitted.target(), "the generation rules' one target identity");
        } finally {
            Transports.close(reads);
        }
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void schemaEngineAndPathDriftOnOneMemberAreVisible(Transports protocol, RunningCluster cluster, TestDatabase db)
            throws Exception {
        UUID uuid = UUID.randomUUID();
        CatalogFixtures.createReplicated(
                cluster, 0, target(db), uuid, CatalogFixtures.COLUMNS, keeperPath(db, "events"));
        // Keeper refuses a second schema under one replication path (122 INCOMPATIBLE_COLUMNS), so
        // the drifted replica also has its own path.
        CatalogFixtures.createReplicated(
                cluster, 1, target(db), uuid, "(id UInt64, v String DEFAULT 'y')", keeperPath(db, "events_drift"));
        UUID candidateUuid = UUID.randomUUID();
        CatalogFixtures.createReplicated(
                cluster, 0, candidate(db), candidateUuid, CatalogFixtures.COLUMNS, keeperPath(db, "events__cand"));
        CatalogFixtures.createReplicated(
                cluster, 1, candidate(db), candidateUuid, CatalogFixtures.COLUMNS, keeperPath(db, "events__other"));
        ReadTransport reads = reads(protocol, cluster, cluster.publisher());
        try {
            List<MemberFacts> members =
                    observed(adapter(reads).members(cluster.spec().clusterName(), target(db), candidate(db)));
            GenerationIdentity target0 = identity(members.get(0).target());
            GenerationIdentity target1 = identity(members.get(1).target());
            assertNotEquals(target0.schemaDigest(), target1.schemaDigest(), "a changed default is schema drift");
            assertEquals(target0.tableUuid(), target1.tableUuid());
            GenerationIdentity candidate0 = identity(members.get(0).candidate());
            GenerationIdentity candidate1 = identity(members.get(1).candidate());
            assertNotEquals(candidate0.zookeeperPath(), candidate1.zookeeperPath(), "path drift");
            assertNotEquals(candidate0.normalizedEngineFull(), candidate1.normalizedEngineFull(), "engine drift");
            assertNotEquals(candidate0, candidate1);
            var blocked = assertInstanceOf(
                    ClusterAdmission.Blocked.class,
                    new StrictClusterAdmission(adapter(reads))
                            .admit(cluster.spec().clusterName(), target(db), candidate(db)));
            assertEquals(ClusterAdmission.Reason.TARGET_IDENTITY_DIVERGES, blocked.reason());
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN, blocked.code());
        } finally {
            Transports.close(reads);
        }
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void absentTablesAndNonReplicatedTablesAreNotIdentities(
            Transports protocol, RunningCluster cluster, TestDatabase db) throws Exception {
        for (int i = 0; i < 2; i++) {
            cluster.member(i)
                    .client(cluster.admin())
                    .execute("CREATE TABLE " + target(db).render() + " (id UInt64) ENGINE = MergeTree ORDER BY id");
        }
        ReadTransport reads = reads(protocol, cluster, cluster.publisher());
        try {
            for (MemberFacts member :
                    observed(adapter(reads).members(cluster.spec().clusterName(), target(db), candidate(db)))) {
                assertInstanceOf(TableObservation.Indeterminate.class, member.target(), "no replication row");
                assertInstanceOf(TableObservation.Absent.class, member.candidate());
            }
            var blocked = assertInstanceOf(
                    ClusterAdmission.Blocked.class,
                    new StrictClusterAdmission(adapter(reads))
                            .admit(cluster.spec().clusterName(), target(db), candidate(db)));
            assertEquals(ClusterAdmission.Reason.TARGET_IDENTITY_UNKNOWN, blocked.reason(), "a plain MergeTree target");
        } finally {
            Transports.close(reads);
        }
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void candidateHealthIsReadPerMemberAndTheBarrierHolds(Transports protocol, RunningCluster cluster, TestDatabase db)
            throws Exception {
        createOnEveryMember(cluster, candidate(db), UUID.randomUUID(), keeperPath(db, "events__cand"));
        ReadTransport reads = reads(protocol, cluster, cluster.publisher());
        try {
            StrictCatalogAdapter catalog = adapter(reads);
            List<ReplicaHealth> health =
                    observed(catalog.candidateHealth(cluster.spec().clusterName(), candidate(db)));
            assertEquals(2, health.size());
            var expected =
                    observed(catalog.inventory(cluster.spec().clusterName())).endpoints();
            Map<?, Set<ReadinessGap>> gaps = ReadinessBarrier.gaps(expected, health, 0);
            assertEquals(expected, gaps.keySet(), "both members reported");
            for (Set<ReadinessGap> memberGaps : gaps.values()) {
                assertTrue(memberGaps.contains(ReadinessGap.READONLY), "no interserver listener here: " + memberGaps);
                assertTrue(
                        !memberGaps.contains(ReadinessGap.MISSING_MEMBER)
                                && !memberGaps.contains(ReadinessGap.ROW_COUNT_MISMATCH),
                        memberGaps.toString());
            }
            health.forEach(h -> assertEquals(2, h.totalReplicas(), "both replicas registered in Keeper"));
        } finally {
            Transports.close(reads);
        }
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void tableNamesAreTheUnionOverEveryMemberOfTheNamesWithThePrefix(
            Transports protocol, RunningCluster cluster, TestDatabase db) throws Exception {
        String prefix = "events__dpone_0123456789abcdef_";
        String[][] perMember = {{prefix + "aaaaaaaa", prefix + "cccccccc"}, {prefix + "bbbbbbbb", prefix + "cccccccc"}};
        for (int member = 0; member < 2; member++) {
            for (String name : perMember[member]) {
                cluster.member(member)
                        .client(cluster.admin())
                        .execute("CREATE TABLE " + db.target() + "." + name
                                + " (id UInt64) ENGINE = MergeTree ORDER BY id");
            }
            cluster.member(member)
                    .client(cluster.admin())
                    .execute("CREATE TABLE " + db.target()
                            + ".events__dpone_other (id UInt64) ENGINE = MergeTree ORDER BY id");
        }
        ReadTransport reads = reads(protocol, cluster, cluster.publisher());
        try {
            assertEquals(
                    List.of(prefix + "aaaaaaaa", prefix + "bbbbbbbb", prefix + "cccccccc"),
                    observed(adapter(reads).tableNames(cluster.spec().clusterName(), db.target(), prefix)));
            assertEquals(
                    List.of(),
                    observed(adapter(reads)
                            .tableNames(cluster.spec().clusterName(), db.target(), "events__dpone_ffffffffffffffff_")));
        } finally {
            Transports.close(reads);
        }
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void aNonAtomicDatabaseOnOneMemberBlocks(Transports protocol, RunningCluster cluster, TestDatabase db)
            throws Exception {
        String database = db.target() + "_mem";
        cluster.member(0).client(cluster.admin()).execute("CREATE DATABASE " + database);
        cluster.member(1).client(cluster.admin()).execute("CREATE DATABASE " + database + " ENGINE = Memory");
        ReadTransport reads = reads(protocol, cluster, cluster.publisher());
        try {
            var blocked = assertInstanceOf(
                    ClusterAdmission.Blocked.class,
                    new StrictClusterAdmission(adapter(reads))
                            .admit(
                                    cluster.spec().clusterName(),
                                    new TableRef(database, "t"),
                                    new TableRef(database, "c")));
            assertEquals(ClusterAdmission.Reason.DATABASE_NOT_ATOMIC, blocked.reason());
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED, blocked.code());
        } finally {
            Transports.close(reads);
            for (int i = 0; i < 2; i++) {
                cluster.member(i).client(cluster.admin()).execute("DROP DATABASE IF EXISTS " + database);
            }
        }
    }

    static GenerationIdentity identity(TableObservation observation) {
        return assertInstanceOf(TableObservation.Present.class, observation).identity();
    }

    static <T> T observed(CatalogRead<T> read) {
        if (read instanceof CatalogRead.Unreadable<T> unreadable) {
            throw new AssertionError("catalog read failed: " + unreadable.describe());
        }
        return ((CatalogRead.Observed<T>) read).facts();
    }
}
