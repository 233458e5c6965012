package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * "Inventory-digest drift fences the operation" (spec), simulator evidence: with three replicas, a
 * member removed from the cluster after the publication committed must not let cleanup complete on
 * the two members left (the InvariantChecker calls that a drop for another host set), and a member
 * removed while the record is DISPATCHING must not be reconciled on the smaller set either. Internal
 * {@code dpone status} holds the record to the same fence, read-only, so it says {@code unknown}
 * ({@code INVENTORY_INCOMPLETE}) where the rerun would, never "run publish again".
 */
class InventoryDriftAfterCommitTest {
    private static final String INVOCATION = "nightly-A";

    @Test
    void aMemberRemovedAfterCommitFencesCleanup() {
        ServiceOnSimulator sim = new ServiceOnSimulator(3, 21);
        // CAS 1 DISPATCHING, 2 entry bound, 3 COMMITTED, 4 CLEANUP_DISPATCHING: die before the fourth.
        sim.simulator.arm(Step.call(PortCall.CONTROL_CAS).nth(4), SimulatorFault.crashWorker());
        assertEquals(Optional.empty(), sim.publish("w1", 0, INVOCATION, Cancellation.NEVER));
        assertEquals(Optional.of("COMMITTED"), phase(sim), "the record is COMMITTED, cleanup not begun");
        sim.simulator.admin().removeFromCluster(2);

        Attempt rerun = sim.publish("w2", 0, INVOCATION);

        assertEquals(Optional.of(PublicationOutcome.UNKNOWN), rerun.outcome(), rerun.summary());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE), rerun.code());
        assertEquals(0, sim.dispatches(StatementKind.DDL_DROP).size(), "no cleanup drop");
        assertEquals(1, sim.dispatches(StatementKind.DDL_EXCHANGE).size());
        assertEquals(Optional.of("COMMITTED"), phase(sim), "nothing was written");
        assertEquals(List.of(), sim.checker.violations());
    }

    @Test
    void aMemberRemovedWhileDispatchingFencesReconciliation() {
        ServiceOnSimulator sim = new ServiceOnSimulator(3, 22);
        sim.simulator.arm(Step.call(PortCall.CONTROL_CAS).nth(2), SimulatorFault.crashWorker());
        assertEquals(Optional.empty(), sim.publish("w1", 0, INVOCATION, Cancellation.NEVER));
        assertEquals(Optional.of("DISPATCHING"), phase(sim));
        sim.simulator.admin().removeFromCluster(2);

        Attempt rerun = sim.publish("w2", 0, INVOCATION);

        assertEquals(Optional.of(PublicationOutcome.UNKNOWN), rerun.outcome(), rerun.summary());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE), rerun.code());
        assertEquals(1, sim.dispatches(StatementKind.DDL_EXCHANGE).size(), "never sent again");
        assertEquals(0, sim.dispatches(StatementKind.DDL_DROP).size());
        assertEquals(Optional.of("DISPATCHING"), phase(sim));
        assertEquals(List.of(), sim.checker.violations());
    }

    @Test
    void statusReportsTheDriftAfterCommitAsTheRerunWouldAndWritesNothing() {
        ServiceOnSimulator sim = new ServiceOnSimulator(3, 23);
        sim.simulator.arm(Step.call(PortCall.CONTROL_CAS).nth(4), SimulatorFault.crashWorker());
        assertEquals(Optional.empty(), sim.publish("w1", 0, INVOCATION, Cancellation.NEVER));
        Attempt before = sim.driver.status("reader-1", INVOCATION);
        assertEquals(Optional.of(PublicationOutcome.WAITING), before.outcome(), "bound membership: cleanup is pending");
        sim.simulator.admin().removeFromCluster(2);
        int calls = sim.simulator.observe().calls().records().size();
        Object rows = sim.simulator.observe().keeperMaps().toString();

        Attempt drifted = sim.driver.status("reader-2", INVOCATION);

        assertEquals(Optional.of(PublicationOutcome.UNKNOWN), drifted.outcome(), drifted.summary());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE), drifted.code());
        assertEquals("COMMITTED", drifted.receipt().detail().get("phase"), "the record is still shown");
        String message = String.valueOf(drifted.receipt().detail().get("message"));
        assertTrue(
                message.contains("Inventory drift after PREPARED (internal mode)"),
                "names the runbook section: " + message);
        assertReadOnly(sim, calls, rows, "reader-2");
        Attempt rerun = sim.publish("w2", 0, INVOCATION);
        assertEquals(drifted.outcome(), rerun.outcome(), "status said what the rerun does");
        assertEquals(drifted.code(), rerun.code());
    }

    @Test
    void statusReportsTheDriftWhileDispatchingAsTheRerunWould() {
        ServiceOnSimulator sim = new ServiceOnSimulator(3, 24);
        sim.simulator.arm(Step.call(PortCall.CONTROL_CAS).nth(2), SimulatorFault.crashWorker());
        assertEquals(Optional.empty(), sim.publish("w1", 0, INVOCATION, Cancellation.NEVER));
        sim.simulator.admin().removeFromCluster(2);
        int calls = sim.simulator.observe().calls().records().size();
        Object rows = sim.simulator.observe().keeperMaps().toString();

        Attempt drifted = sim.driver.status("reader", INVOCATION);

        assertEquals(Optional.of(PublicationOutcome.UNKNOWN), drifted.outcome(), drifted.summary());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE), drifted.code());
        assertEquals("DISPATCHING", drifted.receipt().detail().get("phase"));
        assertReadOnly(sim, calls, rows, "reader");
    }

    private static void assertReadOnly(ServiceOnSimulator sim, int callsBefore, Object rowsBefore, String reader) {
        List<CallRecord> all = sim.simulator.observe().calls().records();
        List<CallRecord> made = all.subList(callsBefore, all.size());
        assertFalse(made.isEmpty(), "status read something");
        for (CallRecord call : made) {
            assertEquals(reader, call.worker(), "only the status reader ran");
            assertFalse(call.call().isMutation(), "status sent a mutation: " + call);
            assertEquals(null, call.kind(), "status sent a statement: " + call);
        }
        assertEquals(
                rowsBefore, sim.simulator.observe().keeperMaps().toString(), "KeeperMap rows and versions unchanged");
        assertEquals(List.of(), sim.checker.violations());
    }

    private static Optional<String> phase(ServiceOnSimulator sim) {
        Object phase =
                sim.driver.status("phase-reader", INVOCATION).receipt().detail().get("phase");
        return Optional.ofNullable(phase).map(Object::toString);
    }
}
