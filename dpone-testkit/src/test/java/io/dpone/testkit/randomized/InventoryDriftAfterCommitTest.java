package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.port.StatementKind;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.Fault;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * "Inventory-digest drift fences the operation" (seed), simulator evidence: with three replicas, a
 * member removed from the cluster after the publication committed must not let cleanup complete on
 * the two members left (the InvariantChecker calls that a drop for another host set), and a member
 * removed while the record is DISPATCHING must not be reconciled on the smaller set either.
 */
class InventoryDriftAfterCommitTest {
    private static final String INVOCATION = "nightly-A";

    @Test
    void aMemberRemovedAfterCommitFencesCleanup() {
        ServiceOnSimulator sim = new ServiceOnSimulator(3, 21);
        // CAS 1 DISPATCHING, 2 entry bound, 3 COMMITTED, 4 CLEANUP_DISPATCHING: die before the fourth.
        sim.simulator.arm(Step.call(PortCall.CONTROL_CAS).nth(4), Fault.crashWorker());
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
        sim.simulator.arm(Step.call(PortCall.CONTROL_CAS).nth(2), Fault.crashWorker());
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

    private static Optional<String> phase(ServiceOnSimulator sim) {
        Object phase = sim.driver.status("phase-reader", INVOCATION).receipt().detail().get("phase");
        return Optional.ofNullable(phase).map(Object::toString);
    }
}
