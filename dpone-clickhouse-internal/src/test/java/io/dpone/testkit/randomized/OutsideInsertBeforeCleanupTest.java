package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Issue 18, finding 3 (simulator evidence): cleanup waits for complete replication health of the
 * published target (spec section 6; the barrier of section 2 without the staged row count, which
 * belongs to staging), not for the target to count exactly the staged rows.
 *
 * <p>Both red on main 0f041b0: one legitimate insert into the newly published target between the
 * commit and cleanup made the target count 5 rows against 4 staged, so cleanup's readiness wait never
 * passed: the run ended {@code CLEANUP_UNSAFE} (REPLICATION_NOT_READY), the record stayed COMMITTED
 * and every later operation on the target was fenced, while {@code dpone status} (which assumed
 * health) kept saying "cleanup is pending".
 */
class OutsideInsertBeforeCleanupTest {
    private static final String INVOCATION = "nightly-A";
    /** w1's third CAS writes COMMITTED; cleanup's health read follows it. */
    private static final Step.Call COMMITTED_WRITE =
            Step.call(PortCall.CONTROL_CAS).worker("w1").nth(3).afterEffect();

    /** The worker dies right after the commit; the insert lands; status and the rerun apply one rule. */
    @Test
    void statusAndTheRerunAgreeThatCleanupProceedsAfterAnOutsideInsert() {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, 192);
        sim.simulator.arm(COMMITTED_WRITE, SimulatorFault.crashWorker());
        assertEquals(
                Optional.empty(), sim.publish("w1", 0, INVOCATION, Cancellation.NEVER), "w1 dies after the commit");
        sim.simulator.admin().insertRows(1, PublicationDriver.TARGET, 1);
        sim.simulator.advance(Duration.ofSeconds(5));

        Attempt status = sim.driver.status("reader", INVOCATION);
        assertEquals(Optional.of(PublicationOutcome.WAITING), status.outcome(), status.summary());
        assertTrue(status.summary().contains("cleanup is pending"), status.summary());
        Attempt rerun = sim.publish("w2", 1, INVOCATION);
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
        assertEquals(List.of(), sim.checker.violations(), sim.checker.traceAtFirstViolation());
    }

    @Test
    void anOutsideInsertIntoThePublishedTargetBeforeCleanupDoesNotBlockIt() {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, 191);
        AtomicReference<String> phaseAtInsert = new AtomicReference<>();
        sim.simulator.arm(COMMITTED_WRITE, SimulatorFault.admin("outside insert into the published target", admin -> {
            phaseAtInsert.set(sim.simulator
                    .observe()
                    .keeperMap(PublicationDriver.FACADE.keeperRoot())
                    .values()
                    .iterator()
                    .next()
                    .row()
                    .phase());
            admin.insertRows(1, PublicationDriver.TARGET, 1);
        }));

        Attempt attempt = sim.publish("w1", 0, INVOCATION);

        assertEquals("COMMITTED", phaseAtInsert.get(), "the insert came after the commit and before cleanup");
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), attempt.outcome(), attempt.summary());
        TableRef predecessor = sim.candidate(INVOCATION);
        for (int member = 0; member < 2; member++) {
            assertFalse(sim.holds(member, predecessor), "the exact predecessor was dropped on member " + member);
            assertEquals(
                    5,
                    sim.simulator
                            .observe()
                            .table(member, PublicationDriver.TARGET)
                            .orElseThrow()
                            .rows(),
                    "the outside row replicated and was kept on member " + member);
        }
        Attempt next = sim.publish("w2", 1, "nightly-B");
        assertEquals(
                Optional.of(PublicationOutcome.COMMITTED),
                next.outcome(),
                "the target is not fenced: " + next.summary());
        assertEquals(List.of(), sim.checker.violations(), sim.checker.traceAtFirstViolation());
    }
}
