package io.dpone.testkit.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.ControlRead;
import io.dpone.clickhouse.cluster.authority.ControlStore;
import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.error.ErrorClass;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import io.dpone.clickhouse.cluster.sql.ControlRow;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.LocalResult;
import io.dpone.testkit.simulator.TableSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The cluster semantics the simulator models, stated once as tests and run against every backend
 * that has the capability (docs/testkit/simulator.md, "Held to real ClickHouse"): Atomic local DDL,
 * KeeperMap strictness and versions, strict catalog reads, catalog fact shapes, {@code is_local}
 * and the control facade. A disagreement between backends is a simulator bug.
 */
abstract class ClusterSemanticsConformance {
    private static final String SHA = "0".repeat(64);

    protected abstract ConformanceBackend backend();

    private TableRef table(String name) {
        return new TableRef(backend().database(), name);
    }

    private void createEverywhere(TableRef table, TableSpec spec, UUID uuid) {
        for (int member = 0; member < backend().members(); member++) {
            assertEquals(0, backend().createTable(member, table, spec, uuid).code());
        }
    }

    private List<MemberFacts> members(TableRef target, TableRef candidate) {
        CatalogRead<List<MemberFacts>> read =
                backend().catalog().members(backend().clusterName(), target, candidate);
        return assertInstanceOf(CatalogRead.Observed.class, read, "members read")
                                .facts()
                        instanceof List<?> list
                ? list.stream()
                        .map(MemberFacts.class::cast)
                        .sorted((a, b) -> a.member().compareTo(b.member()))
                        .toList()
                : List.of();
    }

    private ClusterInventory inventory() {
        return (ClusterInventory) assertInstanceOf(
                        CatalogRead.Observed.class,
                        backend().catalog().inventory(backend().clusterName()))
                .facts();
    }

    private static GenerationIdentity identity(TableObservation observation) {
        return assertInstanceOf(TableObservation.Present.class, observation).identity();
    }

    @Test
    void exchangeSwapsTheTwoUuidsOnThatMemberOnlyAndThePathFollowsTheUuid() {
        TableRef target = table("events");
        TableRef candidate = table("events__cand");
        UUID targetUuid = backend().newUuid();
        UUID candidateUuid = backend().newUuid();
        createEverywhere(target, TableSpec.replicatedEvents(), targetUuid);
        createEverywhere(candidate, TableSpec.replicatedEvents(), candidateUuid);
        List<MemberFacts> before = members(target, candidate);

        assertEquals(new LocalResult.Ok(), backend().exchange(0, target, candidate));

        List<MemberFacts> after = members(target, candidate);
        HostEndpoint exchanged = endpointOfMember(0);
        for (int i = 0; i < after.size(); i++) {
            MemberFacts facts = after.get(i);
            boolean swapped = facts.member().equals(exchanged);
            assertEquals(
                    swapped ? candidateUuid : targetUuid,
                    identity(facts.target()).tableUuid());
            assertEquals(
                    swapped ? targetUuid : candidateUuid,
                    identity(facts.candidate()).tableUuid());
            assertEquals(
                    swapped
                            ? identity(before.get(i).candidate())
                            : identity(before.get(i).target()),
                    identity(facts.target()),
                    "the whole identity moved with the table, replication path included");
            assertEquals(
                    swapped
                            ? identity(before.get(i).target())
                            : identity(before.get(i).candidate()),
                    identity(facts.candidate()));
        }
    }

    @Test
    void renameOntoAnExistingNameFailsWith57AndChangesNothing() {
        TableRef first = table("a");
        TableRef second = table("b");
        createEverywhere(first, TableSpec.mergeTreeEvents(), backend().newUuid());
        createEverywhere(second, TableSpec.mergeTreeEvents(), backend().newUuid());
        List<MemberFacts> before = members(first, second);

        LocalResult result = backend().rename(0, first, second);

        assertEquals(57, result.code());
        assertTrue(((LocalResult.Failed) result).message().contains("TABLE_ALREADY_EXISTS"));
        assertEquals(before, members(first, second));
    }

    @Test
    void renameOfAMissingSourceFailsWith60() {
        assertEquals(
                60, backend().rename(0, table("missing"), table("elsewhere")).code());
    }

    @Test
    void exchangeWithAMissingSideFailsWith60AndChangesNothing() {
        TableRef present = table("present");
        createEverywhere(present, TableSpec.mergeTreeEvents(), backend().newUuid());
        List<MemberFacts> before = members(present, table("absent"));

        LocalResult result = backend().exchange(0, present, table("absent"));

        assertEquals(60, result.code());
        assertTrue(((LocalResult.Failed) result).message().contains("UNKNOWN_TABLE"));
        assertEquals(before, members(present, table("absent")));
    }

    @Test
    void dropIfExistsOfAMissingTableOrDatabaseSucceeds() {
        assertEquals(new LocalResult.Ok(), backend().dropIfExists(0, table("never_created")));
        assertEquals(new LocalResult.Ok(), backend().dropIfExists(0, new TableRef("dpone_no_such_database", "t")));
    }

    @Test
    void createOfATakenNameFailsWith57() {
        TableRef taken = table("taken");
        createEverywhere(taken, TableSpec.mergeTreeEvents(), backend().newUuid());
        assertEquals(
                57,
                backend()
                        .createTable(
                                0, taken, TableSpec.mergeTreeEvents(), backend().newUuid())
                        .code());
    }

    @Test
    void aStrictInsertOfAnExistingKeyConflictsWith999AndChangesNothing() {
        facadeEverywhere();
        ControlStore first = backend().controlStore(0);
        ControlStore second = backend().controlStore(1);
        String key = key("conflict");
        assertInstanceOf(
                MutationOutcome.Acknowledged.class,
                first.insertStrict(row(key, "PREPARED", 0), backend().queryId("insert")));

        MutationOutcome conflict =
                second.insertStrict(row(key, "DISPATCHING", 7), backend().queryId("insert"));

        MutationOutcome.Rejected rejected = assertInstanceOf(MutationOutcome.Rejected.class, conflict);
        assertEquals(999, rejected.error().code());
        assertEquals(ErrorClass.CONFLICT, rejected.error().classification().errorClass());
        VersionedRow stored = read(first, key).orElseThrow();
        assertEquals("PREPARED", stored.row().phase());
        assertEquals(0, stored.keeperVersion());
    }

    @Test
    void aVersionedUpdateWithTheFullPredicateRaisesTheVersionByExactlyOne() {
        facadeEverywhere();
        ControlStore store = backend().controlStore(0);
        String key = key("cas");
        store.insertStrict(row(key, "PREPARED", 0), backend().queryId("insert"));

        MutationOutcome cas = store.compareAndSwap(
                expectation(key, 0), row(key, "DISPATCHING", 1), backend().queryId("cas"));

        assertInstanceOf(MutationOutcome.Acknowledged.class, cas);
        VersionedRow stored = read(store, key).orElseThrow();
        assertEquals(1, stored.keeperVersion());
        assertEquals("DISPATCHING", stored.row().phase());
    }

    @Test
    void aStaleVersionedUpdateIsAnAcknowledgedNoOpAndTheVersionIsUnchanged() {
        facadeEverywhere();
        ControlStore store = backend().controlStore(0);
        String key = key("stale");
        store.insertStrict(row(key, "PREPARED", 0), backend().queryId("insert"));
        store.compareAndSwap(
                expectation(key, 0), row(key, "DISPATCHING", 1), backend().queryId("cas"));

        MutationOutcome stale = backend()
                .controlStore(1)
                .compareAndSwap(
                        expectation(key, 0),
                        row(key, "DISPATCHING", 2),
                        backend().queryId("cas"));

        assertInstanceOf(MutationOutcome.Acknowledged.class, stale);
        VersionedRow stored = read(store, key).orElseThrow();
        assertEquals(1, stored.keeperVersion());
        assertEquals(1, stored.row().dispatchEpoch().longValueExact());
    }

    @Test
    void allMembersShareOneKeeperMapStore() {
        facadeEverywhere();
        String key = key("shared");
        backend()
                .controlStore(1)
                .insertStrict(row(key, "COMPLETED", 3), backend().queryId("insert"));
        for (int member = 0; member < backend().members(); member++) {
            VersionedRow seen = read(backend().controlStore(member), key).orElseThrow();
            assertEquals("COMPLETED", seen.row().phase());
            assertEquals(0, seen.keeperVersion());
        }
    }

    @Test
    void aKilledMemberBlocksTheStrictMembersReadWhileTheInventoryStillListsIt() {
        backend().kill(backend().members() - 1);

        assertEquals(backend().members(), inventory().members().size());
        CatalogRead<List<MemberFacts>> read =
                backend().catalog().members(backend().clusterName(), table("t"), table("c"));
        CatalogRead.Unreadable<?> unreadable = assertInstanceOf(CatalogRead.Unreadable.class, read);
        assertEquals(CatalogRead.Cause.READ_FAILED, unreadable.cause());
    }

    @Test
    void tableNamesAreTheSortedUnionOverEveryMemberOfThePrefixedNames() {
        String prefix = "t__dpone_0123456789abcdef_";
        assertEquals(
                0,
                backend()
                        .createTable(
                                0,
                                table(prefix + "bbbbbbbb"),
                                TableSpec.mergeTreeEvents(),
                                backend().newUuid())
                        .code());
        assertEquals(
                0,
                backend()
                        .createTable(
                                backend().members() - 1,
                                table(prefix + "aaaaaaaa"),
                                TableSpec.mergeTreeEvents(),
                                backend().newUuid())
                        .code());
        createEverywhere(
                table(prefix + "cccccccc"),
                TableSpec.mergeTreeEvents(),
                backend().newUuid());
        createEverywhere(
                table("t__dpone_other"), TableSpec.mergeTreeEvents(), backend().newUuid());

        CatalogRead<List<String>> read = backend()
                .catalog()
                .tableNames(backend().clusterName(), backend().database(), prefix);

        assertEquals(
                List.of(prefix + "aaaaaaaa", prefix + "bbbbbbbb", prefix + "cccccccc"),
                assertInstanceOf(CatalogRead.Observed.class, read).facts());
        backend().kill(backend().members() - 1);
        assertInstanceOf(
                CatalogRead.Unreadable.class,
                backend()
                        .catalog()
                        .tableNames(backend().clusterName(), backend().database(), prefix),
                "one unreachable member fails the whole read");
    }

    @Test
    void aFreshMergeTreeTableHasNoReplicationIdentity() {
        TableRef target = table("plain");
        createEverywhere(target, TableSpec.mergeTreeEvents(), backend().newUuid());
        for (MemberFacts facts : members(target, table("absent"))) {
            assertTrue(facts.databaseIsAtomic());
            assertEquals(1, facts.shardNumber());
            assertEquals(new TableObservation.Indeterminate("no system.replicas row"), facts.target());
            assertEquals(new TableObservation.Absent(), facts.candidate());
            assertEquals(Optional.empty(), facts.targetReplicaName());
        }
    }

    @Test
    void aFreshReplicatedTableHasOneIdentityOnEveryMember() {
        TableRef target = table("replicated");
        UUID uuid = backend().newUuid();
        createEverywhere(target, TableSpec.replicatedEvents(), uuid);

        List<MemberFacts> facts = members(target, table("absent"));

        assertEquals(backend().members(), facts.size());
        GenerationIdentity expected = new GenerationIdentity(
                uuid,
                "ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') ORDER BY id SETTINGS index_granularity = 8192",
                identity(facts.get(0).target()).schemaDigest(),
                "default",
                "/clickhouse/tables/" + uuid + "/01");
        for (MemberFacts member : facts) {
            assertEquals(expected, identity(member.target()));
        }
        assertEquals(
                backend().members(),
                facts.stream().map(MemberFacts::targetReplicaName).distinct().count(),
                "replica names differ per member");
    }

    @Test
    void isLocalMarksExactlyTheMemberItself() {
        ClusterInventory inventory = inventory();
        List<MemberFacts> facts = members(table("t"), table("c"));

        assertEquals(
                inventory.endpoints(), facts.stream().map(MemberFacts::member).collect(Collectors.toSet()));
        assertEquals(facts.size(), inventory.members().size(), "exactly one is_local row per member");
        Map<HostEndpoint, Long> replicaNumbers = inventory.members().stream()
                .collect(Collectors.toMap(ClusterMember::endpoint, ClusterMember::replicaNumber));
        for (MemberFacts member : facts) {
            assertEquals(replicaNumbers.get(member.member()), member.replicaNumber());
        }
        assertTrue(inventory.members().stream().allMatch(ClusterMember::internalReplication));
    }

    @Test
    void theFacadeIsObservedAbsentPartialAndPresent() {
        FacadeSpec spec = new FacadeSpec(backend().control(), backend().keeperRoot());
        Digest key = CanonicalEncoder.forDomain("conformance").text("facade").sha256();
        assertTrue(
                observe(spec, key).stream()
                        .allMatch(o -> o instanceof FacadeObservation.Absent absent && absent.strictModeCapable()),
                "absent everywhere");

        backend().createControlTable(0);
        List<FacadeObservation> partial = observe(spec, key);
        assertEquals(
                Set.of(FacadeObservation.Present.class, FacadeObservation.Absent.class),
                partial.stream().map(Object::getClass).collect(Collectors.toSet()));
        FacadeObservation.Present present = (FacadeObservation.Present) partial.stream()
                .filter(o -> o.member().equals(endpointOfMember(0)))
                .findFirst()
                .orElseThrow();
        assertEquals(spec.engineFull(), present.engineFull());
        assertEquals(spec.columns(), present.columns());
        assertEquals(Optional.empty(), present.slot());

        for (int member = 1; member < backend().members(); member++) {
            backend().createControlTable(member);
        }
        backend()
                .controlStore(0)
                .insertStrict(row(key.hex(), "PREPARED", 0), backend().queryId("insert"));
        List<FacadeObservation> complete = observe(spec, key);
        assertEquals(
                inventory().endpoints(),
                complete.stream().map(FacadeObservation::member).collect(Collectors.toCollection(TreeSet::new)));
        for (FacadeObservation observation : complete) {
            FacadeObservation.Present seen = assertInstanceOf(FacadeObservation.Present.class, observation);
            assertEquals(0, seen.slot().orElseThrow().keeperVersion());
            assertEquals("PREPARED", seen.slot().orElseThrow().row().phase());
        }
        assertNotEquals(0, complete.size());
    }

    private List<FacadeObservation> observe(FacadeSpec spec, Digest key) {
        CatalogRead<List<FacadeObservation>> read =
                backend().facade().observe(backend().clusterName(), spec, key);
        @SuppressWarnings("unchecked")
        List<FacadeObservation> facts = (List<FacadeObservation>)
                assertInstanceOf(CatalogRead.Observed.class, read).facts();
        return facts;
    }

    private HostEndpoint endpointOfMember(int member) {
        return inventory().members().get(member).endpoint();
    }

    private void facadeEverywhere() {
        for (int member = 0; member < backend().members(); member++) {
            backend().createControlTable(member);
        }
    }

    private String key(String name) {
        return CanonicalEncoder.forDomain("conformance")
                .text(name + backend().newUuid())
                .sha256()
                .hex();
    }

    private static ControlRow row(String key, String phase, long epoch) {
        return new ControlRow(key, "op-1", "fence-1", phase, epoch, "{\"payload\":" + epoch + "}", SHA);
    }

    private static CasExpectation expectation(String key, long version) {
        return new CasExpectation(key, version, "op-1", "fence-1", "PREPARED");
    }

    private Optional<VersionedRow> read(ControlStore store, String key) {
        return assertInstanceOf(
                        ControlRead.Found.class, store.read(key, backend().queryId("read")))
                .row();
    }
}
