package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.PermitLifetime;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.TableView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 18, finding 2 (simulator evidence): a dispatch permit has a bounded age on its holder's
 * monotonic clock (a quarter of {@code distributed_ddl_task_timeout}: 45 s for the simulator's
 * 180 s), checked immediately before the send. A worker frozen between the dispatch CAS and the send
 * beyond the bound sends nothing and ends unknown.
 *
 * <p>Red on main 0f041b0: the permit checked only its action and that it was unspent, so the worker
 * woke after ten minutes and sent its {@code EXCHANGE}: by then the runbook's "A DISPATCHING record
 * without a queue entry" would have let an operator retire the record.
 */
class StalledPermitTest {
    private static final String INVOCATION = "nightly-A";
    /** w1's first CAS is PREPARED -> DISPATCHING; afterEffect freezes it with the write applied, before its post-read. */
    private static final Step.Call DISPATCH_CAS =
            Step.call(PortCall.CONTROL_CAS).worker("w1").nth(1).afterEffect();

    @Test
    void aWorkerFrozenBetweenTheDispatchCasAndTheSendBeyondTheBoundSendsNothing() {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, 211);
        sim.simulator.arm(DISPATCH_CAS, SimulatorFault.pauseWorker(Duration.ofMinutes(10)));

        Attempt w1 = sim.publish("w1", 0, INVOCATION);

        assertEquals(0, sim.dispatches(StatementKind.DDL_EXCHANGE).size(), "the expired permit sent nothing");
        assertEquals(Optional.of(PublicationOutcome.UNKNOWN), w1.outcome(), w1.summary());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED), w1.code());
        assertTrue(
                w1.summary().contains("the dispatch permit expired before the send")
                        && w1.summary().contains("A DISPATCHING record without a queue entry"),
                w1.summary());
        assertTrue(
                sim.simulator.trace().tail(400).stream().anyMatch(line -> line.contains("dispatch refused: EXPIRED")));
        Attempt status = sim.driver.status("reader", INVOCATION);
        assertEquals(Optional.of(PublicationOutcome.UNKNOWN), status.outcome(), status.summary());
        assertEquals(
                Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED),
                status.code(),
                "status says what a rerun says");
        Attempt rerun = sim.publish("w2", 1, INVOCATION);
        assertEquals(
                Optional.of(PublicationOutcome.UNKNOWN), rerun.outcome(), "never redispatched: " + rerun.summary());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED), rerun.code());
        assertEquals(0, sim.dispatches(StatementKind.DDL_EXCHANGE).size());
        assertEquals(List.of(), sim.checker.violations(), sim.checker.traceAtFirstViolation());
    }

    @Test
    void aStallWithinTheBoundStillPublishes() {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, 212);
        Duration stall = PermitLifetime.maxAge(180).minusSeconds(5);
        sim.simulator.arm(DISPATCH_CAS, SimulatorFault.pauseWorker(stall));

        Attempt w1 = sim.publish("w1", 0, INVOCATION);

        assertEquals(Optional.of(PublicationOutcome.COMMITTED), w1.outcome(), w1.summary());
        assertEquals(1, sim.dispatches(StatementKind.DDL_EXCHANGE).size());
        assertEquals(List.of(), sim.checker.violations(), sim.checker.traceAtFirstViolation());
    }

    /**
     * A cleanup permit ages the same way. w1 freezes between its CLEANUP_DISPATCHING CAS (its fourth)
     * and the drop beyond the bound: the drop is not sent and is recorded lost, and only then is it
     * sent under a new epoch (every member holds exactly the predecessor), once.
     */
    @Test
    void aWorkerFrozenBeforeItsCleanupDropBeyondTheBoundSendsThatDropNeverAndRedispatchesUnderANewEpoch() {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, 214);
        sim.simulator.arm(
                Step.call(PortCall.CONTROL_CAS).worker("w1").nth(4).afterEffect(),
                SimulatorFault.pauseWorker(Duration.ofMinutes(10)));

        Attempt w1 = sim.publish("w1", 0, INVOCATION);

        assertEquals(Optional.of(PublicationOutcome.COMMITTED), w1.outcome(), w1.summary());
        assertTrue(
                sim.simulator.trace().tail(2000).stream().anyMatch(line -> line.contains("dispatch refused: EXPIRED")));
        assertEquals(1, sim.dispatches(StatementKind.DDL_DROP).size(), "only the redispatched drop was sent");
        assertEquals(List.of(), sim.checker.violations(), sim.checker.traceAtFirstViolation());
    }

    /**
     * The window that remains: a worker that passed the age check and froze before the server got
     * the statement. The runbook's proof that the old candidate is gone (renamed away on every
     * member, its UUID checked, then dropped) before the record is retired makes the late
     * {@code EXCHANGE} fail on a missing table everywhere: the target keeps its generation.
     */
    @Test
    void aLateExchangeAfterTheRunbooksCandidateProofFailsOnAMissingTableAndChangesNothing() {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, 213);
        UUID predecessor = uuid(sim, 0, PublicationDriver.TARGET);
        sim.simulator.arm(
                Step.call(PortCall.DDL_DISPATCH).worker("w1").kind(StatementKind.DDL_EXCHANGE),
                SimulatorFault.pauseWorker(Duration.ofMinutes(10)));
        List<UUID> retired = new ArrayList<>();
        sim.simulator.arm(
                Step.at(Duration.ofMinutes(5)),
                SimulatorFault.admin("runbook: candidate renamed away, checked, dropped", admin -> {
                    TableRef candidate = sim.candidate(INVOCATION);
                    TableRef moved = new TableRef(candidate.database(), candidate.table() + "_retired");
                    for (int member = 0; member < 2; member++) {
                        admin.rename(member, candidate, moved);
                        retired.add(uuid(sim, member, moved));
                        admin.dropIfExists(member, moved);
                    }
                }));

        Attempt w1 = sim.publish("w1", 0, INVOCATION);

        assertEquals(2, retired.size(), "the operator moved the candidate away on both members");
        assertEquals(1, retired.stream().distinct().count(), "one desired generation");
        assertTrue(
                !retired.contains(predecessor), "what was dropped was the desired generation, never the predecessor");

        assertEquals(1, sim.dispatches(StatementKind.DDL_EXCHANGE).size(), "the late statement reached the server");
        for (int member = 0; member < 2; member++) {
            assertEquals(
                    predecessor,
                    uuid(sim, member, PublicationDriver.TARGET),
                    "the target kept its generation on " + member);
        }
        assertTrue(w1.outcome().isPresent() && w1.outcome().get() != PublicationOutcome.COMMITTED, w1.summary());
    }

    private static UUID uuid(ServiceOnSimulator sim, int member, TableRef table) {
        return sim.simulator.observe().table(member, table).map(TableView::uuid).orElseThrow();
    }
}
