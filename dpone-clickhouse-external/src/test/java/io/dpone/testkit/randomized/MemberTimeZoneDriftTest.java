package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A member's server time zone is part of the fenced inventory, on the deterministic simulator (two
 * members, every port call checked by the external invariants): an operation staged while both
 * members ran in UTC is fenced once member 2 runs in Europe/Berlin (as after a restart with another
 * {@code <timezone>}); status says so, the operation's own invocation aborts it safely, nothing is
 * published, and a new invocation publishes under the zones as they are. Red on main 32d8930 (the
 * zone was read but not in the digest): status reported the operation staged and unfenced
 * ({@code DDL_UNRESOLVED}), for the next run to publish what was staged under the old zone.
 */
class MemberTimeZoneDriftTest {
    @Test
    void aMemberInAnotherZoneFencesTheStagedOperationWhichItsOwnInvocationAborts() {
        try (FencedOperationAbortTest.Fixture fixture = new FencedOperationAbortTest.Fixture()) {
            fixture.cluster
                    .simulator()
                    .arm(
                            Step.call(PortCall.CONTROL_CAS)
                                    .kind(StatementKind.KEEPER_MAP_CAS)
                                    .nth(FencedOperationAbortTest.STAGED_CAS),
                            SimulatorFault.loseResponse());
            Attempt lost = fixture.driver.publish("w1", "nightly-A", 3);
            assertEquals(
                    ExternalPhase.STAGED, fixture.driver.record("nightly-A").phase(), lost.summary());
            var bound = fixture.driver.record("nightly-A").payload().inventoryDigest();

            fixture.simulator.admin().timeZone(1, "Europe/Berlin");
            PublicationReceipt status =
                    fixture.driver.service("w2", fixture.cluster.ports("w2")).status(Optional.of("nightly-A"));
            assertEquals(
                    PublicationOutcome.PREPARED,
                    status.outcome(),
                    status.detail().toString());
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE), status.errorCode());
            assertNotEquals(bound.hex(), status.detail().get("inventory_digest"), "the zone is in the digest");

            Attempt aborted = fixture.driver.publish("w2", "nightly-A", 3);
            assertEquals(Optional.of(PublicationOutcome.ABORTED), aborted.outcome(), aborted.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE), aborted.code());
            fixture.noMemberHas("nightly-A");
            assertEquals(
                    0,
                    fixture.cluster.sent(StatementKind.DDL_RENAME) + fixture.cluster.sent(StatementKind.DDL_EXCHANGE),
                    "no publication statement was sent");

            Attempt next = fixture.driver.publish("w3", "nightly-B", 3);
            assertEquals(Optional.of(PublicationOutcome.COMMITTED), next.outcome(), next.summary());
            assertEquals(List.of(), fixture.checker.violations());
        }
    }
}
