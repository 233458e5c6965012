package io.dpone.clickhouse.cluster.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.catalog.ClusterAdmission.Reason;
import io.dpone.clickhouse.cluster.contract.error.ConnectionFault;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.GenerationViolation;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** Strict admission over a fake catalog: every blocking rule with its reason and code. */
class StrictClusterAdmissionTest {
    private static final TableRef TARGET = new TableRef("pub", "t");
    private static final TableRef CANDIDATE = new TableRef("pub", "t__c");
    private static final ClusterMember M1 = new ClusterMember("c1", 1, 1, "h1", "10.0.0.1", 9000, true);
    private static final ClusterMember M2 = new ClusterMember("c1", 1, 2, "h2", "10.0.0.2", 9000, true);

    private static ClusterAdmission admit(
            CatalogRead<ClusterInventory> inventory, CatalogRead<List<MemberFacts>> members) {
        return new StrictClusterAdmission(port(inventory, members)).admit("c1", TARGET, CANDIDATE);
    }

    private static CatalogPort port(CatalogRead<ClusterInventory> inventory, CatalogRead<List<MemberFacts>> members) {
        return new CatalogPort() {
            @Override
            public CatalogRead<ClusterInventory> inventory(String cluster) {
                return inventory;
            }

            @Override
            public CatalogRead<List<MemberFacts>> members(String cluster, TableRef target, TableRef candidate) {
                return members;
            }

            @Override
            public CatalogRead<List<ReplicaHealth>> candidateHealth(String cluster, TableRef candidate) {
                throw new AssertionError("admission does not read health");
            }

            @Override
            public CatalogRead<List<String>> tableNames(String cluster, String database, String prefix) {
                throw new AssertionError("admission does not list tables");
            }
        };
    }

    private static CatalogRead<ClusterInventory> inventory(ClusterMember... members) {
        return new CatalogRead.Observed<>(new ClusterInventory("c1", List.of(members)));
    }

    private static MemberFacts facts(ClusterMember member, String engine) {
        return new MemberFacts(
                member.endpoint(),
                member.shardNumber(),
                member.replicaNumber(),
                List.of(engine),
                TableObservation.absent(),
                TableObservation.absent(),
                Optional.empty(),
                Optional.empty());
    }

    private static final GenerationIdentity TARGET_GENERATION = new GenerationIdentity(
            UUID.fromString("00000000-0000-0000-0000-00000000000a"),
            "ReplicatedMergeTree('/clickhouse/tables/pub/t', '{replica}') ORDER BY id",
            "schema-1",
            "default",
            "/clickhouse/tables/pub/t");

    /** An Atomic member holding {@code target} under replica name {@code replicaName} (none when empty). */
    private static MemberFacts holding(ClusterMember member, TableObservation target, String replicaName) {
        return new MemberFacts(
                member.endpoint(),
                member.shardNumber(),
                member.replicaNumber(),
                List.of("Atomic"),
                target,
                TableObservation.absent(),
                Optional.ofNullable(replicaName),
                Optional.empty());
    }

    private static GenerationIdentity withUuid(String uuid) {
        return new GenerationIdentity(
                UUID.fromString(uuid),
                TARGET_GENERATION.normalizedEngineFull(),
                TARGET_GENERATION.schemaDigest(),
                TARGET_GENERATION.zookeeperName(),
                TARGET_GENERATION.zookeeperPath());
    }

    private static CatalogRead<List<MemberFacts>> answered(MemberFacts... facts) {
        return new CatalogRead.Observed<>(List.of(facts));
    }

    private static void assertBlocked(Reason reason, DponeErrorCode code, ClusterAdmission admission) {
        ClusterAdmission.Blocked blocked = assertInstanceOf(ClusterAdmission.Blocked.class, admission);
        assertEquals(reason, blocked.reason());
        assertEquals(code, blocked.code());
    }

    @Test
    void everyMemberOnceWithAtomicIsAdmitted() {
        ClusterAdmission admission = admit(inventory(M1, M2), answered(facts(M2, "Atomic"), facts(M1, "Atomic")));
        assertEquals(
                2,
                assertInstanceOf(ClusterAdmission.Admitted.class, admission)
                        .members()
                        .size());
    }

    @Test
    void membershipFaultsBlockAsIncomplete() {
        DponeErrorCode incomplete = DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE;
        assertBlocked(Reason.MEMBER_MISSING, incomplete, admit(inventory(M1, M2), answered(facts(M1, "Atomic"))));
        assertBlocked(
                Reason.MEMBER_DUPLICATED,
                incomplete,
                admit(inventory(M1, M2), answered(facts(M1, "Atomic"), facts(M1, "Atomic"), facts(M2, "Atomic"))));
        ClusterMember stranger = new ClusterMember("c1", 1, 3, "h3", "10.0.0.3", 9000, true);
        assertBlocked(
                Reason.MEMBER_UNEXPECTED,
                incomplete,
                admit(
                        inventory(M1, M2),
                        answered(facts(M1, "Atomic"), facts(M2, "Atomic"), facts(stranger, "Atomic"))));
        CatalogRead<List<MemberFacts>> failed = CatalogRead.Unreadable.failed(
                new ReadFailure(ReadFailure.Kind.NO_RESPONSE, Optional.empty(), "timeout"));
        ClusterAdmission unreadable = admit(inventory(M1, M2), failed);
        assertBlocked(Reason.MEMBERS_UNREADABLE, incomplete, unreadable);
        assertEquals("read failed: NO_RESPONSE: timeout", ((ClusterAdmission.Blocked) unreadable).detail());
        assertBlocked(Reason.INVENTORY_UNREADABLE, incomplete, admit(CatalogRead.Unreadable.malformed(), failed));
    }

    /**
     * The coordinator's own inventory read failing on the connection is that connection's code,
     * not a missing member (red on main 32d8930: INVENTORY_INCOMPLETE); the members' fan-out read
     * failing after the coordinator answered still blocks as an incomplete inventory (spec 000 section 1).
     */
    @Test
    void aCoordinatorThatCannotBeUsedIsItsConnectionFaultNotAMissingMember() {
        CatalogRead<List<MemberFacts>> alsoFailed = CatalogRead.Unreadable.failed(new ReadFailure(
                ReadFailure.Kind.NOT_SENT,
                Optional.empty(),
                "ConnectException: refused",
                Optional.of(ConnectionFault.REFUSED)));
        CatalogRead<ClusterInventory> refused = CatalogRead.Unreadable.failed(new ReadFailure(
                ReadFailure.Kind.NOT_SENT,
                Optional.empty(),
                "ConnectException: refused",
                Optional.of(ConnectionFault.REFUSED)));
        ClusterAdmission blocked = admit(refused, alsoFailed);
        assertBlocked(Reason.COORDINATOR_CONNECTION_FAILED, DponeErrorCode.CONNECTION_REFUSED, blocked);
        assertEquals("read failed: NOT_SENT: ConnectException: refused", ((ClusterAdmission.Blocked) blocked).detail());
        CatalogRead<ClusterInventory> wrongPassword = CatalogRead.Unreadable.failed(
                ReadFailure.server(io.dpone.clickhouse.cluster.port.ServerError.fromRaw(516, "Authentication failed")));
        assertBlocked(
                Reason.COORDINATOR_CONNECTION_FAILED,
                DponeErrorCode.CONNECTION_AUTHENTICATION_FAILED,
                admit(wrongPassword, alsoFailed));
        assertBlocked(
                Reason.MEMBERS_UNREADABLE,
                DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE,
                admit(inventory(M1, M2), alsoFailed));
    }

    @Test
    void inventoryRulesBlockWithTheirCodes() {
        DponeErrorCode topology = DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED;
        DponeErrorCode incomplete = DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE;
        CatalogRead<List<MemberFacts>> any = answered();
        assertBlocked(Reason.NO_MEMBERS, incomplete, admit(inventory(), any));
        assertBlocked(Reason.FEWER_THAN_TWO_REPLICAS, topology, admit(inventory(M1), any));
        assertBlocked(
                Reason.MORE_THAN_ONE_SHARD,
                topology,
                admit(inventory(M1, new ClusterMember("c1", 2, 1, "h2", "10.0.0.2", 9000, true)), any));
        assertBlocked(
                Reason.INTERNAL_REPLICATION_DISABLED,
                topology,
                admit(inventory(M1, new ClusterMember("c1", 1, 2, "h2", "10.0.0.2", 9000, false)), any));
        assertBlocked(
                Reason.DUPLICATE_ENDPOINT,
                incomplete,
                admit(inventory(M1, new ClusterMember("c1", 1, 2, "h1", "10.0.0.1", 9000, true)), any));
        // Unreachable on a real server (replica_num is positional), so proven here only.
        assertBlocked(
                Reason.DUPLICATE_REPLICA_NUMBER,
                incomplete,
                admit(inventory(M1, new ClusterMember("c1", 1, 1, "h2", "10.0.0.2", 9000, true)), any));
    }

    @Test
    void aNonAtomicOrMissingDatabaseOnOneMemberIsUnsupported() {
        DponeErrorCode topology = DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED;
        assertBlocked(
                Reason.DATABASE_NOT_ATOMIC,
                topology,
                admit(inventory(M1, M2), answered(facts(M1, "Atomic"), facts(M2, "Replicated"))));
        MemberFacts noDatabase = new MemberFacts(
                M2.endpoint(),
                1,
                2,
                List.of(),
                TableObservation.absent(),
                TableObservation.absent(),
                Optional.empty(),
                Optional.empty());
        assertBlocked(
                Reason.DATABASE_NOT_ATOMIC,
                topology,
                admit(inventory(M1, M2), answered(facts(M1, "Atomic"), noDatabase)));
    }

    @Test
    void everyInventoryRejectionHasAnAdmissionReasonWithTheSameCode() {
        for (var reason : io.dpone.clickhouse.cluster.contract.inventory.AdmissionResult.RejectionReason.values()) {
            assertEquals(reason.code(), Reason.valueOf(reason.name()).code(), reason.name());
        }
        assertEquals(new HostEndpoint("h1", 9000), M1.endpoint());
    }

    @Test
    void anExistingTargetWithOneIdentityIsAdmittedWithIt() {
        TableObservation target = TableObservation.present(TARGET_GENERATION);
        ClusterAdmission.Admitted admitted = assertInstanceOf(
                ClusterAdmission.Admitted.class,
                admit(inventory(M1, M2), answered(holding(M1, target, "r1"), holding(M2, target, "r2"))));
        assertEquals(Optional.of(TARGET_GENERATION), admitted.target());
        assertEquals(
                Optional.empty(),
                assertInstanceOf(
                                ClusterAdmission.Admitted.class,
                                admit(inventory(M1, M2), answered(facts(M1, "Atomic"), facts(M2, "Atomic"))))
                        .target(),
                "absent target");
    }

    @Test
    void aTargetWithoutOneIdentityAcrossReplicasIsUnknown() {
        DponeErrorCode unknown = DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN;
        TableObservation target = TableObservation.present(TARGET_GENERATION);
        TableObservation otherUuid = TableObservation.present(withUuid("00000000-0000-0000-0000-0000000000ff"));
        assertBlocked(
                Reason.TARGET_IDENTITY_DIVERGES,
                unknown,
                admit(inventory(M1, M2), answered(holding(M1, target, "r1"), holding(M2, otherUuid, "r2"))));
        assertBlocked(
                Reason.TARGET_IDENTITY_UNKNOWN,
                unknown,
                admit(
                        inventory(M1, M2),
                        answered(
                                holding(M1, target, "r1"),
                                holding(M2, new TableObservation.Indeterminate("no system.replicas row"), null))));
        assertBlocked(
                Reason.TARGET_PRESENCE_MIXED,
                unknown,
                admit(inventory(M1, M2), answered(holding(M1, target, "r1"), facts(M2, "Atomic"))));
    }

    @Test
    void aTargetEngineOutsideTheReplicatedFamilyIsUnsupported() {
        TableObservation plain = TableObservation.present(new GenerationIdentity(
                TARGET_GENERATION.tableUuid(),
                "MergeTree ORDER BY id",
                "schema-1",
                "default",
                "/clickhouse/tables/pub/t"));
        assertBlocked(
                Reason.TARGET_ENGINE_OUTSIDE_FAMILY,
                DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED,
                admit(inventory(M1, M2), answered(holding(M1, plain, "r1"), holding(M2, plain, "r2"))));
    }

    @Test
    void targetReplicaNamesMustBeUniqueAndCoverEveryMember() {
        DponeErrorCode incomplete = DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE;
        TableObservation target = TableObservation.present(TARGET_GENERATION);
        assertBlocked(
                Reason.TARGET_REPLICA_NAMES_DUPLICATED,
                incomplete,
                admit(inventory(M1, M2), answered(holding(M1, target, "r1"), holding(M2, target, "r1"))));
        assertBlocked(
                Reason.TARGET_REPLICA_NAME_MISSING,
                incomplete,
                admit(inventory(M1, M2), answered(holding(M1, target, "r1"), holding(M2, target, null))));
    }

    @Test
    void theCandidateIsNotJudgedAtAdmission() {
        TableObservation target = TableObservation.present(TARGET_GENERATION);
        MemberFacts leftover = new MemberFacts(
                M2.endpoint(),
                1,
                2,
                List.of("Atomic"),
                target,
                new TableObservation.Indeterminate("duplicate system.tables rows"),
                Optional.of("r2"),
                Optional.empty());
        assertInstanceOf(
                ClusterAdmission.Admitted.class,
                admit(inventory(M1, M2), answered(holding(M1, target, "r1"), leftover)));
    }

    @Test
    void membershipAndDatabaseRulesComeBeforeTheGenerationRules() {
        TableObservation target = TableObservation.present(TARGET_GENERATION);
        assertBlocked(
                Reason.MEMBER_MISSING,
                DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE,
                admit(inventory(M1, M2), answered(holding(M1, target, "r1"))));
        MemberFacts replicatedDatabase = new MemberFacts(
                M2.endpoint(),
                1,
                2,
                List.of("Replicated"),
                target,
                TableObservation.absent(),
                Optional.of("r1"),
                Optional.empty());
        assertBlocked(
                Reason.DATABASE_NOT_ATOMIC,
                DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED,
                admit(inventory(M1, M2), answered(holding(M1, target, "r1"), replicatedDatabase)));
    }

    @Test
    void everyAdmissionSideGenerationViolationHasAReasonWithTheSameCode() {
        for (GenerationViolation violation : GenerationViolation.values()) {
            if (violation.subject() != GenerationViolation.Subject.CANDIDATE) {
                assertEquals(violation.code(), Reason.valueOf(violation.name()).code(), violation.name());
            }
        }
    }

    @Test
    void concurrentReadsGiveTheSameVerdictsAsSequentialOnes() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            List<CatalogRead<ClusterInventory>> inventories =
                    List.of(inventory(M1, M2), inventory(M1), CatalogRead.Unreadable.malformed());
            List<CatalogRead<List<MemberFacts>>> answers = List.of(
                    answered(facts(M1, "Atomic"), facts(M2, "Atomic")),
                    answered(facts(M1, "Atomic")),
                    answered(facts(M1, "Atomic"), facts(M2, "Replicated")),
                    CatalogRead.Unreadable.malformed());
            for (CatalogRead<ClusterInventory> inventory : inventories) {
                for (CatalogRead<List<MemberFacts>> members : answers) {
                    ClusterAdmission sequential =
                            new StrictClusterAdmission(port(inventory, members)).admit("c1", TARGET, CANDIDATE);
                    ClusterAdmission concurrent =
                            new StrictClusterAdmission(port(inventory, members), pool).admit("c1", TARGET, CANDIDATE);
                    assertEquals(sequential, concurrent);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aMemberReadThatThrowsOnAnotherThreadSurfacesUnwrapped() {
        CatalogPort throwing = new CatalogPort() {
            @Override
            public CatalogRead<ClusterInventory> inventory(String cluster) {
                return StrictClusterAdmissionTest.inventory(M1, M2);
            }

            @Override
            public CatalogRead<List<MemberFacts>> members(String cluster, TableRef target, TableRef candidate) {
                throw new IllegalArgumentException("bad cluster name");
            }

            @Override
            public CatalogRead<List<ReplicaHealth>> candidateHealth(String cluster, TableRef candidate) {
                throw new AssertionError("admission does not read health");
            }

            @Override
            public CatalogRead<List<String>> tableNames(String cluster, String database, String prefix) {
                throw new AssertionError("admission does not list tables");
            }
        };
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> new StrictClusterAdmission(throwing, pool).admit("c1", TARGET, CANDIDATE));
        } finally {
            pool.shutdownNow();
        }
    }
}
