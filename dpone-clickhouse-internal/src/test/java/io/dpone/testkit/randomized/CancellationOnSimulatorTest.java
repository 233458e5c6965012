package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Cancellation (Ctrl-C) at service level, simulator evidence. docs/reference/cli.md promises exit 8
 * (`prepared`) when it stops before dispatch and 5 (`waiting`) when it stops waiting for a
 * dispatched entry; spec section 5: "Cancellation stops polling but does not cancel or replay DDL."
 * A cancellation during staging, the load included, is {@code PUBLICATION_CANCELLED}
 * (docs/errors/PUBLICATION_CANCELLED.md), never a staging failure.
 * The flag flips at a chosen step, as a signal handler would between two port calls.
 */
class CancellationOnSimulatorTest {
    private static final String INVOCATION = "nightly-A";

    @Test
    void cancelledWhileTheCandidateIsCreatedIsPublicationCancelled() {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, 39);
        AtomicBoolean cancelled = new AtomicBoolean();
        // member 1's DDL worker stalls, so the create stays in progress there while the wait is cut short
        sim.simulator.arm(
                Step.call(PortCall.DDL_SETUP).kind(StatementKind.DDL_CREATE_CANDIDATE),
                SimulatorFault.admin("stall member 1 and Ctrl-C", admin -> {
                    admin.stallDdl(1);
                    cancelled.set(true);
                }));

        Attempt attempt = sim.publish("w1", 0, INVOCATION, cancelled::get).orElseThrow();

        assertEquals(java.util.Optional.of(DponeErrorCode.PUBLICATION_CANCELLED), attempt.code(), attempt.summary());
        assertEquals(0, sim.simulator.observe().calls().count(PortCall.LOAD), "no load after the cancellation");
        assertEquals(0, sim.simulator.observe().calls().count(PortCall.CONTROL_INSERT), "no authority write");
        assertEquals(0, sim.dispatches(StatementKind.DDL_EXCHANGE).size(), "no publication statement");
        assertEquals(List.of(), sim.checker.violations());
    }

    @Test
    void cancelledDuringTheLoadIsPublicationCancelledAndTakesNoSlot() {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, 40);
        AtomicBoolean cancelled = new AtomicBoolean();
        // Ctrl-C as the streamed load starts: the stream stops at its next row
        sim.simulator.arm(Step.call(PortCall.LOAD), SimulatorFault.admin("Ctrl-C", admin -> cancelled.set(true)));

        Attempt attempt = sim.publish("w1", 0, INVOCATION, cancelled::get).orElseThrow();

        assertEquals(java.util.Optional.of(DponeErrorCode.PUBLICATION_CANCELLED), attempt.code(), attempt.summary());
        assertEquals(1, sim.simulator.observe().calls().count(PortCall.LOAD), "the load was started");
        assertEquals(0, sim.simulator.observe().calls().count(PortCall.CONTROL_INSERT), "no authority write");
        assertEquals(0, sim.simulator.observe().calls().count(PortCall.CONTROL_CAS), "no authority write");
        assertEquals(0, sim.dispatches(StatementKind.DDL_EXCHANGE).size(), "no publication statement");
        assertEquals(0, sim.dispatches(StatementKind.DDL_RENAME).size(), "no publication statement");
        assertEquals(0, sim.dispatches(StatementKind.DDL_DROP).size(), "no cleanup drop");
        assertEquals(
                1,
                sim.simulator.observe().calls().records().stream()
                        .filter(r -> r.kind() == StatementKind.DDL_DISCARD_STAGING)
                        .count(),
                "the attempt discards its own candidate, as after any failed load");
        assertEquals(
                PublicationOutcome.NONE,
                sim.driver.status("reader", INVOCATION).receipt().outcome(),
                "no record");

        Attempt rerun = sim.publish("w2", 1, INVOCATION);

        assertEquals(java.util.Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
        assertEquals(List.of(), sim.checker.violations());
    }

    @Test
    void cancelledAfterTakingTheSlotStopsBeforeTheDispatchCas() {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, 41);
        AtomicBoolean cancelled = new AtomicBoolean();
        sim.simulator.arm(
                Step.call(PortCall.CONTROL_INSERT)
                        .kind(StatementKind.KEEPER_MAP_INSERT)
                        .afterEffect(),
                SimulatorFault.admin("Ctrl-C", admin -> cancelled.set(true)));

        Attempt attempt = sim.publish("w1", 0, INVOCATION, cancelled::get).orElseThrow();

        assertEquals(java.util.Optional.of(PublicationOutcome.PREPARED), attempt.outcome(), attempt.summary());
        assertEquals(java.util.Optional.of(DponeErrorCode.PUBLICATION_CANCELLED), attempt.code());
        assertEquals(0, sim.dispatches(StatementKind.DDL_EXCHANGE).size(), "no publication statement");
        assertEquals(0, sim.simulator.observe().calls().count(PortCall.CONTROL_CAS), "not even the dispatch CAS");

        Attempt rerun = sim.publish("w2", 1, INVOCATION);

        assertEquals(java.util.Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
        assertEquals(1, sim.dispatches(StatementKind.DDL_EXCHANGE).size());
        assertEquals(List.of(), sim.checker.violations());
    }

    @Test
    void cancelledWhileReconcilingEndsWaitingAndSendsNothingMore() {
        ServiceOnSimulator sim = new ServiceOnSimulator(3, 42);
        AtomicBoolean cancelled = new AtomicBoolean();
        // Member 2's DDL worker stalls, so the exchange stays in progress there; Ctrl-C comes as it is sent.
        sim.simulator.arm(
                Step.call(PortCall.DDL_DISPATCH).kind(StatementKind.DDL_EXCHANGE),
                SimulatorFault.admin("stall member 2 and Ctrl-C", admin -> {
                    admin.stallDdl(2);
                    cancelled.set(true);
                }));

        Attempt attempt = sim.publish("w1", 0, INVOCATION, cancelled::get).orElseThrow();

        assertEquals(java.util.Optional.of(PublicationOutcome.WAITING), attempt.outcome(), attempt.summary());
        assertEquals(java.util.Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED), attempt.code());
        assertEquals(1, sim.dispatches(StatementKind.DDL_EXCHANGE).size(), "sent once, never cancelled or replayed");
        assertEquals(0, sim.dispatches(StatementKind.DDL_DROP).size(), "no cleanup");

        sim.simulator.admin().releaseDdl(2);
        sim.simulator.advance(Duration.ofSeconds(5));
        Attempt rerun = sim.publish("w2", 1, INVOCATION);

        assertEquals(java.util.Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
        assertEquals(1, sim.dispatches(StatementKind.DDL_EXCHANGE).size(), "the rerun waited for the original entry");
        assertEquals(1, sim.dispatches(StatementKind.DDL_DROP).size());
        assertEquals(List.of(), sim.checker.violations());
    }

    @Test
    void cancelledAfterCommitSendsNoCleanupDrop() {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, 43);
        AtomicBoolean cancelled = new AtomicBoolean();
        // CAS 3 writes COMMITTED; the flag flips once it applied.
        sim.simulator.arm(
                Step.call(PortCall.CONTROL_CAS).nth(3).afterEffect(),
                SimulatorFault.admin("Ctrl-C", admin -> cancelled.set(true)));

        Attempt attempt = sim.publish("w1", 0, INVOCATION, cancelled::get).orElseThrow();

        assertEquals(java.util.Optional.of(PublicationOutcome.WAITING), attempt.outcome(), attempt.summary());
        assertEquals(0, sim.dispatches(StatementKind.DDL_DROP).size(), "cancellation never lets a drop be sent");

        Attempt rerun = sim.publish("w2", 1, INVOCATION);

        assertEquals(java.util.Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
        assertEquals(1, sim.dispatches(StatementKind.DDL_DROP).size());
        assertEquals(List.of(), sim.checker.violations());
    }
}
