package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.EngineSpec;
import io.dpone.testkit.simulator.HostStep;
import io.dpone.testkit.simulator.MemberStep;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.PortEvent;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.TableSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each invariant of {@link InvariantChecker} fails when it should. A real external
 * publication runs on the simulator with the checker watching (and must leave no violation);
 * then the checker is fed the steps a faulty service would make — synthetic port events, host
 * steps and member steps over the records that publication really wrote — and must report each.
 * Without this the external randomized schedules could pass vacuously.
 */
class ExternalInvariantCheckerTest {
    private static final TableRef TARGET = PublicationDriver.TARGET;
    private static final TableSpec SPEC = new TableSpec(
            List.of(ColumnSpec.of("id", "UInt64"), ColumnSpec.of("v", "String")),
            new EngineSpec.MergeTree("MergeTree", "id"));

    private ClusterSimulator simulator;
    private SimulatedExternalCluster cluster;
    private InvariantChecker checker;
    private ExternalDriver driver;

    @BeforeEach
    void cluster() {
        simulator = ClusterSimulator.builder()
                .members(2)
                .seed(11)
                .internalReplication(false)
                .build();
        checker = ExternalInvariants.checker(simulator, TARGET);
        simulator.observeSteps(checker);
        cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE);
        driver = new ExternalDriver(cluster);
        cluster.createDatabases(
                TARGET.database(), PublicationDriver.FACADE.control().database());
        cluster.createMergeTreeTable(TARGET, 2);
    }

    @AfterEach
    void close() {
        cluster.close();
    }

    /** A real publication, checked at every step without a violation; returns its completed record. */
    private ExternalRecord published() {
        Attempt attempt = driver.publish("w1", "nightly-A", 3);
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), attempt.outcome(), attempt.summary());
        assertEquals(List.of(), checker.violations(), "a correct run");
        ExternalRecord record = driver.record("nightly-A");
        assertEquals(ExternalPhase.COMPLETED, record.phase());
        return record;
    }

    private void assertViolation(String text) {
        assertTrue(
                checker.violations().stream().anyMatch(v -> v.contains(text)),
                "expected \"" + text + "\" in " + checker.violations());
    }

    private static PortEvent dispatch(StatementKind kind, String token) {
        return new PortEvent("evil", 0, PortCall.DDL_DISPATCH, kind, "evil-q" + UUID.randomUUID(), token, false);
    }

    @Test
    void aSecondPublicationStatementOfOneOperationIsAViolation() {
        ExternalRecord record = published();
        checker.beforeServer(dispatch(
                StatementKind.DDL_EXCHANGE,
                record.payload().publication().token().value()));
        assertViolation("2 publication DDL statements");
    }

    @Test
    void aDispatchWithATokenNoCasWroteIsAViolation() {
        ExternalRecord record = published();
        String forged = DdlCorrelationToken.issue(
                        record.operationId(), DdlAction.EXCHANGE, 9, RandomBits.from(new Random(3)))
                .value();
        checker.beforeServer(dispatch(StatementKind.DDL_EXCHANGE, forged));
        assertViolation("no CAS wrote");
    }

    @Test
    void aDispatchWithTheTokenOfALostCasIsAViolation() {
        // the seventh CAS of an existing target on two members opens PUBLICATION_DISPATCHING
        simulator.arm(
                Step.call(PortCall.CONTROL_CAS)
                        .kind(StatementKind.KEEPER_MAP_CAS)
                        .nth(7),
                SimulatorFault.loseResponse());
        Attempt stopped = driver.publish("w1", "nightly-A", 3);
        assertEquals(Optional.of(PublicationOutcome.UNKNOWN), stopped.outcome(), stopped.summary());
        assertEquals(0L, simulator.observe().calls().count(StatementKind.DDL_EXCHANGE), "the service sent nothing");
        assertEquals(List.of(), checker.violations());
        ExternalRecord dispatching = driver.record("nightly-A");
        assertEquals(ExternalPhase.PUBLICATION_DISPATCHING, dispatching.phase());
        checker.beforeServer(dispatch(
                StatementKind.DDL_EXCHANGE,
                dispatching.payload().publication().token().value()));
        assertViolation("written by a CAS whose response was lost");
    }

    @Test
    void aCleanupDropOutsideCleanupDispatchingIsAViolation() {
        ExternalRecord record = published();
        checker.beforeServer(dispatch(
                StatementKind.DDL_DROP, record.payload().cleanup().token().value()));
        assertViolation("cleanup DROP while the record is COMPLETED");
    }

    @Test
    void aHostsCleanupMayDropOnlyItsRecordedPredecessor() {
        ExternalRecord record = published();
        TableRef candidate = driver.candidate("nightly-A");
        String token = record.payload().cleanup().token().value();
        MemberRecord first = record.payload().members().get(0);
        simulator.admin().createTable(0, candidate, SPEC, first.targetUuid());
        checker.beforeHostApplies(
                new HostStep(0, "query-0000000009", StatementKind.DDL_DROP, token, Optional.of(candidate), 0));
        assertEquals(List.of(), checker.violations(), "the exact predecessor");
        simulator.admin().dropIfExists(0, candidate);
        simulator.admin().createTable(0, candidate, SPEC, UUID.randomUUID());
        checker.beforeHostApplies(
                new HostStep(0, "query-0000000009", StatementKind.DDL_DROP, token, Optional.of(candidate), 0));
        assertViolation("cleanup drops a table that is not its recorded predecessor");
    }

    @Test
    void aHostCleanupOfTheTargetIsAViolation() {
        ExternalRecord record = published();
        checker.beforeHostApplies(new HostStep(
                1,
                "query-0000000009",
                StatementKind.DDL_DROP,
                record.payload().cleanup().token().value(),
                Optional.of(TARGET),
                0));
        assertViolation("drops the target through distributed DDL");
    }

    @Test
    void aMemberLocalDropOfAnUnrecordedTableAProvenCandidateOrAPredecessorOrTheTargetIsAViolation() {
        ExternalRecord record = published();
        TableRef candidate = driver.candidate("nightly-A");
        MemberRecord member = record.payload().members().get(1);
        checker.beforeMemberApplies(
                new MemberStep("evil", 1, PortCall.MEMBER_DROP, candidate, Optional.of(UUID.randomUUID())));
        assertViolation("whose UUID no record named as a candidate");
        checker.beforeMemberApplies(
                new MemberStep("evil", 1, PortCall.MEMBER_DROP, candidate, Optional.of(member.candidateUuid())));
        assertViolation("names as proven");
        checker.beforeMemberApplies(
                new MemberStep("evil", 1, PortCall.MEMBER_DROP, candidate, Optional.of(member.targetUuid())));
        assertViolation("names as a predecessor");
        checker.beforeMemberApplies(
                new MemberStep("evil", 1, PortCall.MEMBER_DROP, TARGET, Optional.of(UUID.randomUUID())));
        assertViolation("drops the target over its direct connection");
    }

    @Test
    void anInsertIntoAProvenCandidateAPredecessorOrTheTargetIsAViolation() {
        ExternalRecord record = published();
        TableRef candidate = driver.candidate("nightly-A");
        MemberRecord member = record.payload().members().get(0);
        checker.beforeMemberApplies(
                new MemberStep("stale", 0, PortCall.MEMBER_INSERT, candidate, Optional.of(UUID.randomUUID())));
        assertEquals(List.of(), checker.violations(), "a block into a table no record proved");
        checker.beforeMemberApplies(new MemberStep("stale", 0, PortCall.MEMBER_INSERT, candidate, Optional.empty()));
        assertEquals(List.of(), checker.violations(), "a block into no table is refused by the member");
        checker.beforeMemberApplies(
                new MemberStep("stale", 0, PortCall.MEMBER_INSERT, candidate, Optional.of(member.candidateUuid())));
        assertViolation("a stale write lands in a proven candidate");
        checker.beforeMemberApplies(
                new MemberStep("stale", 0, PortCall.MEMBER_INSERT, candidate, Optional.of(member.targetUuid())));
        assertViolation("names as a predecessor");
        checker.beforeMemberApplies(
                new MemberStep("stale", 0, PortCall.MEMBER_INSERT, TARGET, Optional.of(UUID.randomUUID())));
        assertViolation("INSERT into the target");
    }

    @Test
    void aMutationQueryIdSentTwiceIsAViolation() {
        PortEvent insert =
                new PortEvent("w1", 1, PortCall.MEMBER_INSERT, StatementKind.CANDIDATE_LOAD, "w1-q99", null, false);
        checker.beforeServer(insert);
        assertEquals(List.of(), checker.violations());
        checker.beforeServer(insert);
        assertViolation("sent a second time");
    }

    @Test
    void aVersionThatShrinksOrAKeyThatVanishesIsAViolation() {
        published();
        Map<String, Map<String, VersionedRow>> real = simulator.observe().keeperMaps();
        AtomicReference<Map<String, Map<String, VersionedRow>>> store = new AtomicReference<>(real);
        InvariantChecker fed = new InvariantChecker(simulator, TARGET, store::get, ExternalInvariants::new);
        fed.beforeServer(dispatch(StatementKind.DDL_DROP, null));
        assertEquals(List.of(), fed.violations());
        Map<String, Map<String, VersionedRow>> older = new LinkedHashMap<>();
        real.forEach((root, rows) -> {
            Map<String, VersionedRow> shrunk = new LinkedHashMap<>();
            rows.forEach((key, row) -> shrunk.put(key, new VersionedRow(row.row(), row.keeperVersion() - 1)));
            older.put(root, shrunk);
        });
        store.set(older);
        fed.beforeServer(dispatch(StatementKind.DDL_DROP, null));
        assertTrue(
                fed.violations().stream().anyMatch(v -> v.contains("authority version of a key went from")),
                fed.violations().toString());
        store.set(Map.of());
        fed.beforeServer(dispatch(StatementKind.DDL_DROP, null));
        assertTrue(
                fed.violations().stream().anyMatch(v -> v.contains("an authority key disappeared")),
                fed.violations().toString());
    }
}
