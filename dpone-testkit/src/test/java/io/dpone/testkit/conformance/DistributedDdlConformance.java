package io.dpone.testkit.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.EngineSpec;
import io.dpone.testkit.simulator.TableSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * Distributed DDL and replication as the simulator models them (semantics note sections 1, 2, 4),
 * for the backends that have them: one queue entry per {@code ON CLUSTER} statement holding the
 * formatted query and the token, one row per host that finishes with code 0 and an empty text (or
 * the host's own code and text), a host error re-raised by the initiator, a publication EXCHANGE
 * reaching every member, and replica row counts and log pointers that converge.
 */
abstract class DistributedDdlConformance {
    protected abstract ConformanceBackend backend();

    private TableRef table(String name) {
        return new TableRef(backend().database(), name);
    }

    private void createEverywhere(TableRef table, UUID uuid) {
        for (int member = 0; member < backend().members(); member++) {
            assertEquals(
                    0,
                    backend()
                            .createTable(member, table, TableSpec.replicatedEvents(), uuid)
                            .code());
        }
    }

    private DdlCorrelationToken token(DdlAction action) {
        return DdlCorrelationToken.issue(
                CanonicalEncoder.forDomain("conformance").text("ddl").sha256(),
                action,
                0,
                backend().randomBits());
    }

    private QueueLookup.Bound bound(SetupDdl ddl, DdlCorrelationToken token) {
        return assertInstanceOf(QueueLookup.Bound.class, backend().ddl().lookup(ddl.expected(token)));
    }

    @SuppressWarnings("unchecked")
    private List<QueueRow> rows(QueueLookup.Bound bound) {
        return (List<QueueRow>)
                assertInstanceOf(CatalogRead.Observed.class, backend().ddl().hostRows(bound.entry()))
                        .facts();
    }

    private List<MemberFacts> members(TableRef target, TableRef candidate) {
        @SuppressWarnings("unchecked")
        List<MemberFacts> facts = (List<MemberFacts>) assertInstanceOf(
                        CatalogRead.Observed.class,
                        backend().catalog().members(backend().clusterName(), target, candidate))
                .facts();
        return facts;
    }

    private void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        for (int attempt = 0; attempt < 300; attempt++) {
            if (condition.getAsBoolean()) {
                return;
            }
            backend().sleeper().sleep(Duration.ofMillis(100));
        }
        throw new AssertionError(what + " did not happen within 30 s");
    }

    @Test
    void anOnClusterCreateIsOneEntryWithTheFormattedQueryTheTokenAndOneFinishedRowPerHost() throws Exception {
        TableRef target = table("events");
        TableRef candidate = table("events__cand");
        UUID targetUuid = backend().newUuid();
        createEverywhere(target, targetUuid);
        SetupDdl.CandidateCreate create = new SetupDdl.CandidateCreate(
                backend().clusterName(), candidate, new CandidateDefinition.LikeTarget(target));
        DdlCorrelationToken token = token(DdlAction.STAGE);

        DdlDispatch dispatch = backend().ddl().dispatchSetup(create, token);

        assertInstanceOf(
                DdlDispatch.InitiatorAnswer.Acknowledged.class,
                assertInstanceOf(DdlDispatch.Sent.class, dispatch).answer());
        QueueLookup.Bound bound = bound(create, token);
        assertTrue(
                bound.storedQuery().startsWith("CREATE TABLE " + backend().database() + ".events__cand UUID '"),
                "the initiator's UUID follows the name");
        // entry format >= 3: the initiator resolved AS <target> and enqueued the full definition
        assertTrue(
                bound.storedQuery().contains(" ON CLUSTER " + backend().clusterName() + " (`id` UInt64"),
                bound.storedQuery());
        assertTrue(bound.storedQuery().contains(" ENGINE = ReplicatedMergeTree("), bound.storedQuery());
        assertFalse(bound.storedQuery().contains(" AS " + backend().database() + ".events"), bound.storedQuery());
        List<QueueRow> rows = rows(bound);
        assertEquals(backend().members(), rows.size());
        for (QueueRow row : rows) {
            assertEquals("Finished", row.status());
            assertEquals("0", row.exceptionCode());
            assertEquals("", row.exceptionText());
            assertEquals(token.value(), row.logComment());
        }
        List<MemberFacts> facts = members(target, candidate);
        GenerationIdentity first = ((TableObservation.Present) facts.get(0).candidate()).identity();
        assertNotEquals(targetUuid, first.tableUuid());
        assertEquals(
                "/clickhouse/tables/" + first.tableUuid() + "/01",
                first.zookeeperPath(),
                "the {uuid} path is the candidate's own");
        for (MemberFacts member : facts) {
            assertEquals(first, ((TableObservation.Present) member.candidate()).identity(), "one UUID on every host");
        }
    }

    @Test
    void anInitiatorWithoutTheTargetRefusesCreateAsWith60BeforeQueueingAnything() {
        TableRef target = table("only_elsewhere");
        assertEquals(
                0,
                backend()
                        .createTable(
                                1,
                                target,
                                TableSpec.mergeTreeEvents(),
                                backend().newUuid())
                        .code());
        SetupDdl.CandidateCreate create = new SetupDdl.CandidateCreate(
                backend().clusterName(), table("only_elsewhere__cand"), new CandidateDefinition.LikeTarget(target));
        DdlCorrelationToken token = token(DdlAction.STAGE);

        DdlDispatch dispatch = backend().ddl().dispatchSetup(create, token);

        var answer = assertInstanceOf(
                DdlDispatch.InitiatorAnswer.ServerErrorAnswer.class,
                assertInstanceOf(DdlDispatch.Sent.class, dispatch).answer());
        assertEquals(60, answer.error().code());
        assertEquals(
                List.of(),
                assertInstanceOf(
                                CatalogRead.Observed.class,
                                backend().ddl().entriesWithTokenPrefix(backend().clusterName(), token.value()))
                        .facts(),
                "nothing was queued");
        assertInstanceOf(
                TableObservation.Absent.class,
                members(target, create.candidate()).get(1).candidate());
    }

    @Test
    void everyHostCreatesACandidateAsTheTargetFromTheInitiatorsDefinitionEvenWhereItsOwnTargetDiffers() {
        TableRef target = table("drifted");
        TableRef candidate = table("drifted__cand");
        // each member's target is its own replicated table (own UUID, own {uuid} path); member 1's has a column more
        assertEquals(
                0,
                backend()
                        .createTable(
                                0,
                                target,
                                TableSpec.replicatedEvents(),
                                backend().newUuid())
                        .code());
        assertEquals(
                0,
                backend()
                        .createTable(
                                1,
                                target,
                                new TableSpec(
                                        List.of(
                                                ColumnSpec.of("id", "UInt64"),
                                                ColumnSpec.of("v", "String"),
                                                ColumnSpec.of("extra", "UInt8")),
                                        EngineSpec.Replicated.byUuid("id")),
                                backend().newUuid())
                        .code());
        SetupDdl.CandidateCreate create = new SetupDdl.CandidateCreate(
                backend().clusterName(), candidate, new CandidateDefinition.LikeTarget(target));

        DdlDispatch dispatch = backend().ddl().dispatchSetup(create, token(DdlAction.STAGE));

        assertInstanceOf(
                DdlDispatch.InitiatorAnswer.Acknowledged.class,
                assertInstanceOf(DdlDispatch.Sent.class, dispatch).answer());
        List<MemberFacts> facts = members(target, candidate);
        GenerationIdentity initiatorsTarget =
                ((TableObservation.Present) facts.get(0).target()).identity();
        GenerationIdentity driftedTarget =
                ((TableObservation.Present) facts.get(1).target()).identity();
        assertNotEquals(
                initiatorsTarget.schemaDigest(),
                driftedTarget.schemaDigest(),
                "the fixture: member 1's target differs");
        for (MemberFacts member : facts) {
            assertEquals(
                    initiatorsTarget.schemaDigest(),
                    ((TableObservation.Present) member.candidate()).identity().schemaDigest(),
                    "every candidate has the initiator's columns");
        }
    }

    @Test
    void aMemberPausedAndResumedWithinItsKeeperSessionKeepsItsActiveNode() throws Exception {
        DdlCorrelationToken token = token(DdlAction.PROBE);
        Duration session = backend().keeperSessionTimeout();
        var expected = backend().startLongEntry(session.multipliedBy(3), token);
        QueueLookup.Bound[] bound = new QueueLookup.Bound[1];
        eventually(
                () -> backend().ddl().lookup(expected) instanceof QueueLookup.Bound found
                        && (bound[0] = found) != null
                        && rows(found).stream().allMatch(row -> "Active".equals(row.status())),
                "every host executing the entry");

        backend().pause(1);
        backend().sleeper().sleep(session.dividedBy(2));
        backend().resume(1);
        backend().sleeper().sleep(session);

        List<QueueRow> rows = rows(bound[0]);
        assertEquals(backend().members(), rows.size());
        for (QueueRow row : rows) {
            assertTrue(
                    "Active".equals(row.status()) || "Finished".equals(row.status()),
                    "a pause shorter than the session keeps active/: " + row.status());
        }
    }

    @Test
    void theProbesEntryKeepsTheTokenButNotTheLeadingComment() {
        SetupDdl.CapabilityProbe probe =
                new SetupDdl.CapabilityProbe(backend().clusterName(), table("dpone_probe_never"), "fedcba9876543210");
        DdlCorrelationToken token = token(DdlAction.PROBE);

        backend().ddl().dispatchSetup(probe, token);

        QueueLookup.Bound bound = bound(probe, token);
        assertFalse(bound.storedQuery().contains("fedcba9876543210"));
        assertTrue(bound.storedQuery().startsWith("DROP TABLE IF EXISTS "));
        assertTrue(rows(bound).stream()
                .allMatch(row -> "Finished".equals(row.status()) && "0".equals(row.exceptionCode())));
    }

    @Test
    void aHostErrorIsThatHostsFinishedRowAndTheInitiatorReRaisesItsCode() {
        TableRef candidate = table("taken_on_one");
        assertEquals(
                0,
                backend()
                        .createTable(
                                backend().members() - 1,
                                candidate,
                                TableSpec.replicatedEvents(),
                                backend().newUuid())
                        .code());
        SetupDdl.CandidateCreate create = new SetupDdl.CandidateCreate(
                backend().clusterName(),
                candidate,
                new CandidateDefinition.Columns(
                        List.of(new CandidateDefinition.Column("id", "UInt64")), "ReplicatedMergeTree"));
        DdlCorrelationToken token = token(DdlAction.STAGE);

        DdlDispatch dispatch = backend().ddl().dispatchSetup(create, token);

        var answer = assertInstanceOf(
                DdlDispatch.InitiatorAnswer.ServerErrorAnswer.class,
                assertInstanceOf(DdlDispatch.Sent.class, dispatch).answer());
        assertEquals(57, answer.error().code());
        List<QueueRow> rows = rows(bound(create, token));
        assertEquals(backend().members(), rows.size());
        assertEquals(
                1,
                rows.stream()
                        .filter(row -> "57".equals(row.exceptionCode())
                                && row.exceptionText().contains("TABLE_ALREADY_EXISTS"))
                        .count());
        assertEquals(
                backend().members() - 1,
                rows.stream().filter(row -> "0".equals(row.exceptionCode())).count());
    }

    @Test
    void aPermittedExchangeOnClusterSwapsTheUuidsOnEveryMember() {
        TableRef target = table("published");
        TableRef candidate = table("published__cand");
        UUID targetUuid = backend().newUuid();
        UUID candidateUuid = backend().newUuid();
        createEverywhere(target, targetUuid);
        createEverywhere(candidate, candidateUuid);
        for (int member = 0; member < backend().members(); member++) {
            backend().createControlTable(member);
        }
        FencedDdl.Exchange exchange = new FencedDdl.Exchange(backend().clusterName(), target, candidate);
        DispatchPermit permit = permit();

        DdlDispatch dispatch = backend().ddl().dispatch(exchange, permit);

        assertInstanceOf(
                DdlDispatch.InitiatorAnswer.Acknowledged.class,
                assertInstanceOf(DdlDispatch.Sent.class, dispatch).answer());
        assertInstanceOf(QueueLookup.Bound.class, backend().ddl().lookup(exchange.expected(permit.token())));
        for (MemberFacts member : members(target, candidate)) {
            assertEquals(
                    candidateUuid,
                    ((TableObservation.Present) member.target()).identity().tableUuid());
            assertEquals(
                    targetUuid,
                    ((TableObservation.Present) member.candidate()).identity().tableUuid());
        }
    }

    @Test
    void replicasConvergeOnTheInsertedRowsAndCatchUpTheirLogPointer() throws Exception {
        TableRef table = table("replicated_rows");
        createEverywhere(table, backend().newUuid());

        backend().insertRows(0, table, 100);

        eventually(
                () -> {
                    CatalogRead<List<ReplicaHealth>> read =
                            backend().catalog().candidateHealth(backend().clusterName(), table);
                    return read instanceof CatalogRead.Observed<List<ReplicaHealth>> observed
                            && observed.facts().size() == backend().members()
                            && observed.facts().stream()
                                    .allMatch(h -> h.stagedRowCount() == 100
                                            && h.queueSize() == 0
                                            && !h.readonly()
                                            && h.logPointer() == h.logMaxIndex() + 1
                                            && h.activeReplicas() == backend().members()
                                            && h.totalReplicas() == backend().members());
                },
                "replication convergence");
    }

    private DispatchPermit permit() {
        KeeperMapAuthority<AuthorityRecord> authority =
                KeeperMapAuthority.internal(backend().controlStore(0), backend()::queryId);
        Digest slot = CanonicalEncoder.forDomain("conformance")
                .text("slot-" + backend().newUuid())
                .sha256();
        AuthorityRecord prepared = new AuthorityRecord(
                slot,
                CanonicalEncoder.forDomain("conformance").text("op").sha256(),
                FenceToken.issue(backend().randomBits()),
                AuthorityPhase.PREPARED,
                0,
                payload(null));
        assertInstanceOf(SlotWrite.Verified.class, authority.createIfAbsent(prepared));
        SlotVersion<AuthorityRecord> seen = ((SlotRead.Present<AuthorityRecord>) authority.readVersioned(slot))
                .valid()
                .orElseThrow();
        DdlCorrelationToken token = DdlCorrelationToken.issue(
                prepared.operationId(), DdlAction.EXCHANGE, 1, backend().randomBits());
        AuthorityRecord dispatching = new AuthorityRecord(
                slot,
                prepared.operationId(),
                prepared.fenceToken(),
                AuthorityPhase.DISPATCHING,
                1,
                payload(DdlBinding.dispatched(token)));
        SlotWrite<AuthorityRecord> cas = authority.compareAndSwap(seen, dispatching);
        SlotWrite.Verified<AuthorityRecord> verified = assertInstanceOf(SlotWrite.Verified.class, cas);
        return verified.dispatchPermit().orElseThrow();
    }

    private static AuthorityPayload payload(DdlBinding publication) {
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        GenerationIdentity old = new GenerationIdentity(new UUID(0, 1), "e", "s", "default", "/a");
        GenerationIdentity desired = new GenerationIdentity(new UUID(0, 2), "e", "s", "default", "/b");
        Digest digest = CanonicalEncoder.forDomain("conformance").text("plan").sha256();
        return new AuthorityPayload(
                digest, digest, old, desired, "published__cand", 0, publication, null, t0, t0, null);
    }
}
