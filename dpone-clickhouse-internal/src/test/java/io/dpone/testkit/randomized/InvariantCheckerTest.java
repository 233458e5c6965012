package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.sql.ControlRow;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.HostStep;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.PortEvent;
import io.dpone.testkit.simulator.TableSpec;
import io.dpone.testkit.simulator.TableView;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each invariant of {@link InvariantChecker} fails when it should: the checker is fed the steps a
 * faulty service would make (synthetic port events and host steps over a simulated cluster whose
 * authority rows are written directly), and must report each violation; the same steps done right
 * report nothing. Without this the randomized schedules could pass vacuously.
 */
class InvariantCheckerTest {
    private static final String ROOT = "/checker/authority";
    private static final TableRef TARGET = new TableRef("analytics", "events");
    private static final TableRef CANDIDATE = new TableRef("analytics", "events__cand");
    private static final Instant T0 = ClusterSimulator.EPOCH;

    private final RandomBits random = RandomBits.from(new Random(7));
    private ClusterSimulator simulator;
    private InvariantChecker checker;
    private AuthorityRecord prepared;
    private GenerationIdentity predecessor;
    private GenerationIdentity desired;
    private long sequence;

    @BeforeEach
    void cluster() {
        simulator = ClusterSimulator.builder().members(2).seed(7).build();
        simulator.admin().createDatabase(TARGET.database());
        simulator.admin().createTable(TARGET, TableSpec.replicatedEvents());
        simulator.admin().createTable(CANDIDATE, TableSpec.replicatedEvents());
        checker = InternalInvariants.checker(simulator, TARGET);
        predecessor = generation(TARGET);
        desired = generation(CANDIDATE);
        prepared = new AuthorityRecord(
                digest("target"),
                digest("operation"),
                FenceToken.issue(random),
                AuthorityPhase.PREPARED,
                0,
                payload(null, null));
    }

    @Test
    void aDispatchWithTheTokenOfALostCasIsAViolationAndOfAnAcknowledgedOneIsNot() {
        AuthorityRecord dispatching = dispatching();
        String token = dispatching.payload().publication().token().value();
        casWrites(dispatching, "Ambiguous");
        checker.beforeServer(dispatch(StatementKind.DDL_EXCHANGE, token));
        assertViolation("written by a CAS whose response was lost");

        cluster();
        casWrites(dispatching, "Acknowledged");
        checker.beforeServer(dispatch(StatementKind.DDL_EXCHANGE, token));
        assertEquals(List.of(), checker.violations());
    }

    @Test
    void aTokenBelongsToTheCasThatWroteItEvenWhenItsAnswerArrivesAfterOtherWorkersActed() {
        AuthorityRecord dispatching = dispatching();
        String token = dispatching.payload().publication().token().value();
        casApplied(dispatching);
        // a slow answer: another worker's CAS reaches the server before w1 hears its acknowledgement
        checker.beforeServer(
                new PortEvent("w2", 1, PortCall.CONTROL_CAS, StatementKind.KEEPER_MAP_CAS, "w2-q1", null, false));
        checker.beforeServer(dispatch(StatementKind.DDL_EXCHANGE, token));
        assertViolation("written by a CAS whose response was lost or unacknowledged");

        cluster();
        String queryId = casApplied(dispatching);
        checker.beforeServer(
                new PortEvent("w2", 1, PortCall.CONTROL_CAS, StatementKind.KEEPER_MAP_CAS, "w2-q1", null, false));
        checker.afterCall(new CallRecord(
                ++sequence, 0, "w1", 0, PortCall.CONTROL_CAS, StatementKind.KEEPER_MAP_CAS, queryId, "Acknowledged"));
        checker.beforeServer(dispatch(StatementKind.DDL_EXCHANGE, token));
        assertEquals(List.of(), checker.violations(), "acknowledged late, still the writer's own token");
    }

    @Test
    void aDispatchWithATokenNoCasWroteIsAViolation() {
        checker.beforeServer(dispatch(
                StatementKind.DDL_EXCHANGE,
                dispatching().payload().publication().token().value()));
        assertViolation("no CAS wrote");
    }

    @Test
    void aSecondPublicationStatementOfOneOperationIsAViolation() {
        AuthorityRecord dispatching = dispatching();
        casWrites(dispatching, "Acknowledged");
        String token = dispatching.payload().publication().token().value();
        checker.beforeServer(dispatch(StatementKind.DDL_EXCHANGE, token));
        assertEquals(List.of(), checker.violations());
        checker.beforeServer(dispatch(StatementKind.DDL_EXCHANGE, token));
        assertViolation("2 publication DDL statements");
    }

    @Test
    void aMutationQueryIdSentTwiceIsAViolation() {
        PortEvent load = new PortEvent("w1", 0, PortCall.LOAD, StatementKind.CANDIDATE_LOAD, "w1-q9", null, false);
        checker.beforeServer(load);
        assertEquals(List.of(), checker.violations());
        checker.beforeServer(load);
        assertViolation("sent a second time");
    }

    @Test
    void aCleanupDropIsAViolationUnlessEveryMemberExposedTheDesiredGenerationAtTheLastRead() {
        AuthorityRecord dispatching = dispatching();
        casWrites(dispatching, "Acknowledged");
        checker.beforeServer(dispatch(
                StatementKind.DDL_EXCHANGE,
                dispatching.payload().publication().token().value()));
        simulator.admin().exchange(0, TARGET, CANDIDATE);
        AuthorityRecord cleanup = cleanupDispatching(dispatching);
        casWrites(cleanup, "Acknowledged");
        checker.afterCall(call(PortCall.MEMBERS, null));
        checker.beforeServer(dispatch(
                StatementKind.DDL_DROP, cleanup.payload().cleanup().token().value()));
        assertViolation("member 1 did not expose the desired generation");

        int before = checker.violations().size();
        simulator.admin().exchange(1, TARGET, CANDIDATE);
        checker.afterCall(call(PortCall.MEMBERS, null));
        checker.beforeServer(dispatch(
                StatementKind.DDL_DROP, cleanup.payload().cleanup().token().value()));
        assertEquals(before, checker.violations().size(), "a proven commit allows the drop: " + checker.violations());
    }

    @Test
    void aHostDroppingAnythingButTheExactPredecessorIsAViolation() {
        casWrites(dispatching(), "Acknowledged");
        String dropToken = DdlCorrelationToken.issue(prepared.operationId(), DdlAction.DROP, 2, random)
                .value();
        // before any EXCHANGE the candidate name holds the desired generation, not the predecessor
        checker.beforeHostApplies(
                new HostStep(0, "query-0000000009", StatementKind.DDL_DROP, dropToken, Optional.of(CANDIDATE), 0));
        assertViolation("not the operation's exact predecessor");

        int before = checker.violations().size();
        simulator.admin().exchange(1, TARGET, CANDIDATE);
        checker.beforeHostApplies(
                new HostStep(1, "query-0000000009", StatementKind.DDL_DROP, dropToken, Optional.of(CANDIDATE), 0));
        assertEquals(before, checker.violations().size(), "the exact predecessor may go: " + checker.violations());
    }

    @Test
    void discardingAGenerationARecordNamesIsAViolation() {
        casWrites(prepared, "Acknowledged");
        checker.beforeHostApplies(
                new HostStep(0, "query-0000000004", StatementKind.DDL_DISCARD_STAGING, "x", Optional.of(CANDIDATE), 0));
        assertViolation("discards staging that is a generation of an operation in phase PREPARED");
    }

    @Test
    void anAuthorityVersionThatShrinksOrAKeyThatVanishesIsAViolation() {
        AtomicReference<Map<String, Map<String, VersionedRow>>> rows = new AtomicReference<>();
        InvariantChecker versions = new InvariantChecker(simulator, TARGET, rows::get, InternalInvariants::new);
        AuthorityRow row = AuthorityCodecV1.INSTANCE.encode(prepared);
        rows.set(Map.of(ROOT, Map.of("k", new VersionedRow(row, 3))));
        versions.afterCall(call(PortCall.CONTROL_CAS, "q1"));
        rows.set(Map.of(ROOT, Map.of("k", new VersionedRow(row, 2))));
        versions.afterCall(call(PortCall.CONTROL_CAS, "q2"));
        assertTrue(
                versions.violations().stream().anyMatch(v -> v.contains("went from 3 to 2")),
                versions.violations()::toString);
        rows.set(Map.of(ROOT, Map.of()));
        versions.afterCall(call(PortCall.CONTROL_CAS, "q3"));
        assertTrue(
                versions.violations().stream().anyMatch(v -> v.contains("disappeared")),
                versions.violations()::toString);
    }

    /** One CAS, as the checker sees it: reaching the server, the row changing, the call ending with {@code outcome}. */
    private void casWrites(AuthorityRecord next, String outcome) {
        String queryId = casApplied(next);
        checker.afterCall(new CallRecord(
                sequence, 0, "w1", 0, PortCall.CONTROL_CAS, StatementKind.KEEPER_MAP_CAS, queryId, outcome));
    }

    /** A CAS of w1 reaching the server and taking effect (its answer not yet back); returns its query id. */
    private String casApplied(AuthorityRecord next) {
        String queryId = "w1-q" + (++sequence);
        PortEvent cas =
                new PortEvent("w1", 0, PortCall.CONTROL_CAS, StatementKind.KEEPER_MAP_CAS, queryId, null, false);
        checker.beforeServer(cas);
        AuthorityRow row = AuthorityCodecV1.INSTANCE.encode(next);
        simulator
                .admin()
                .putControlRow(
                        ROOT,
                        new ControlRow(
                                row.targetKey(),
                                row.operationId(),
                                row.fenceToken(),
                                row.phase(),
                                row.dispatchEpoch().longValueExact(),
                                row.payload(),
                                row.payloadSha256()));
        checker.afterServer(cas);
        return queryId;
    }

    private PortEvent dispatch(StatementKind kind, String token) {
        return new PortEvent("w1", 0, PortCall.DDL_DISPATCH, kind, "w1-q" + (++sequence), token, false);
    }

    private CallRecord call(PortCall port, String queryId) {
        return new CallRecord(++sequence, 0, "w1", 0, port, null, queryId, "observed");
    }

    private AuthorityRecord dispatching() {
        DdlCorrelationToken token = DdlCorrelationToken.issue(prepared.operationId(), DdlAction.EXCHANGE, 1, random);
        return new AuthorityRecord(
                prepared.targetKey(),
                prepared.operationId(),
                prepared.fenceToken(),
                AuthorityPhase.DISPATCHING,
                1,
                payload(DdlBinding.dispatched(token), null));
    }

    private AuthorityRecord cleanupDispatching(AuthorityRecord dispatching) {
        DdlBinding published = new DdlBinding(
                dispatching.payload().publication().token(),
                "query-0000000001",
                digest("query"),
                QueueStatus.TERMINAL_SUCCESS);
        DdlBinding cleanup =
                DdlBinding.dispatched(DdlCorrelationToken.issue(prepared.operationId(), DdlAction.DROP, 2, random));
        return new AuthorityRecord(
                prepared.targetKey(),
                prepared.operationId(),
                prepared.fenceToken(),
                AuthorityPhase.CLEANUP_DISPATCHING,
                2,
                payload(published, cleanup));
    }

    private AuthorityPayload payload(DdlBinding publication, DdlBinding cleanup) {
        return new AuthorityPayload(
                digest("plan"),
                digest("inventory"),
                predecessor,
                desired,
                CANDIDATE.table(),
                3,
                publication,
                cleanup,
                T0,
                T0,
                null);
    }

    /** The identity of the table under {@code name} on member 0 at setup, as the checker compares it (UUID and path). */
    private GenerationIdentity generation(TableRef name) {
        TableView table = simulator.observe().table(0, name).orElseThrow();
        return new GenerationIdentity(
                table.uuid(),
                table.engineFull(),
                "schema",
                "default",
                table.zookeeperPath().orElseThrow());
    }

    private void assertViolation(String expected) {
        assertTrue(
                checker.violations().stream().anyMatch(violation -> violation.contains(expected)),
                "expected a violation containing \"" + expected + "\" but got " + checker.violations());
    }

    private static Digest digest(String text) {
        return CanonicalEncoder.forDomain("invariant-checker-test").text(text).sha256();
    }
}
