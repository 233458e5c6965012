package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorAdmin;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * What a member lets publication do, judged at admission before anything is locked (issue 19),
 * on the simulator (simulator evidence: two members, an existing target): the member sessions'
 * principal must hold SELECT, INSERT, CREATE TABLE and DROP TABLE on the target database (what
 * CREATE, INSERT, the local RENAME, the EXCHANGE and the DROPs need), and no member's server may
 * deduplicate the target's inserts by its merge_tree default. The local real ClickHouse 26.7 side
 * (CHECK GRANT with the restricted publication principal) is {@code RealExternalPrivilegesTest}.
 *
 * <p>Red on main c884450: both were admitted and locked (the simulated server does not refuse the
 * statements themselves; on a real member a missing DROP TABLE is refused only at the attempt's
 * RENAME, after the load).
 */
class MemberPolicyAdmissionTest {
    @Test
    void aPrincipalWithoutDropTableOnOneMemberIsRefusedBeforeTheLock() {
        assertRefusedBeforeTheLock(
                61,
                admin -> admin.denyPrivilege(1, "DROP TABLE"),
                DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING,
                "lacks DROP TABLE on the target database");
    }

    @Test
    void aServerDefaultDeduplicationWindowIsRefusedBeforeTheLock() {
        assertRefusedBeforeTheLock(
                62,
                admin -> admin.deduplicationWindowDefault(0, 100),
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED,
                "non_replicated_deduplication_window (100)");
    }

    @Test
    void everyPrivilegeAndNoDeduplicationDefaultPublishes() {
        try (ExistingTargetFixture fixture = new ExistingTargetFixture(63)) {
            Attempt published = fixture.driver.publish("w1", "nightly-A", 3);

            assertEquals(Optional.of(PublicationOutcome.COMMITTED), published.outcome(), published.summary());
            assertTrue(
                    fixture.simulator.observe().calls().records().stream()
                            .anyMatch(call -> call.call() == PortCall.MEMBER_POLICY),
                    "the policy was read");
        }
    }

    private static void assertRefusedBeforeTheLock(
            long seed, Consumer<SimulatorAdmin> change, DponeErrorCode code, String why) {
        try (ExistingTargetFixture fixture = new ExistingTargetFixture(seed)) {
            change.accept(fixture.simulator.admin());

            Attempt refused = fixture.driver.publish("w1", "nightly-A", 3);

            assertEquals(Optional.of(code), refused.code(), refused.summary());
            assertTrue(refused.summary().contains(why), refused.summary());
            assertInstanceOf(Attempt.Refused.class, refused, "a refusal before the lock has no receipt");
            assertFalse(
                    fixture.cluster
                                    .ports("reader")
                                    .authority()
                                    .readVersioned(fixture.driver
                                            .operation("nightly-A")
                                            .targetKey())
                            instanceof SlotRead.Present,
                    "nothing was locked");
            assertEquals(2, fixture.cluster.rows(0, PublicationDriver.TARGET), "the target is untouched");
            assertTrue(
                    fixture.simulator.observe().calls().records().stream()
                            .noneMatch(call ->
                                    call.call().isMutation() && call.call().isMemberSession()),
                    "no member statement was sent");
            assertEquals(List.of(), fixture.checker.violations());
        }
    }
}
