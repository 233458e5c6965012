package io.dpone.testkit.modes.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.ClusterSimulator;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The synthetic capability assertion runs once per inventory digest (spec section 4): the real
 * {@code InternalPublicationService} on the simulator (simulator evidence) sends the probe on its
 * first publication, records the proof in the slot, skips the probe while the inventory is the
 * same, and proves again once the membership, and so the inventory digest, changed.
 */
class CapabilityProofPerInventoryTest {

    @Test
    void oneProbePerInventoryDigestAcrossPublicationsAndAnotherAfterAMembershipChange() {
        ClusterSimulator simulator =
                ClusterSimulator.builder().members(3).seed(13).build();
        SimulatedCluster cluster = new SimulatedCluster(simulator, PublicationDriver.FACADE);
        PublicationDriver driver = new PublicationDriver(cluster);
        cluster.createDatabases(
                PublicationDriver.TARGET.database(),
                PublicationDriver.FACADE.control().database());
        cluster.createReplicatedTable(PublicationDriver.TARGET, 3);

        committed(driver.publish("w1", "nightly-A", 4));
        assertEquals(1, probesSent(simulator), "the first publication proves the capability");
        committed(driver.publish("w2", "nightly-B", 5));
        assertEquals(1, probesSent(simulator), "the slot's proof covers this inventory: no second probe");

        simulator.admin().removeFromCluster(2);
        committed(driver.publish("w1", "nightly-C", 6));
        assertEquals(2, probesSent(simulator), "another inventory digest is proven again");
        committed(driver.publish("w2", "nightly-D", 7));
        assertEquals(2, probesSent(simulator), "and that proof covers the new inventory");
    }

    private static void committed(Attempt attempt) {
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), attempt.outcome(), attempt.summary());
    }

    /** Probe statements that reached the transport (dispatch calls, not queue reads). */
    private static long probesSent(ClusterSimulator simulator) {
        return simulator.observe().calls().records().stream()
                .filter(record -> record.call().isMutation() && record.kind() == StatementKind.DDL_CAPABILITY_PROBE)
                .count();
    }
}
