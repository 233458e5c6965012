package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A superseded attempt's {@code CREATE} that lands after its operation COMPLETED (issue 19, finding
 * 3's last gap), on the simulator (simulator evidence: two members, an existing target). w1 records
 * member 2's UUID u1 and its CREATE does not land; w2 (same invocation) records u2, keeping u1 as
 * tried, and completes; then u1's CREATE lands under u1's attempt name and its still-running worker
 * fills it (emulated with the simulator's admin, as {@link LateCandidateCreateTest} does). Beside
 * it, a table under the attempt name of a UUID no record holds (a look-alike nobody recorded).
 *
 * <p>Red on main c884450: the next operation published and u1's table stayed for good, since no
 * run looked after COMPLETED (the runbook's manual check). Now the next operation, just before it
 * takes the COMPLETED record over, drops u1's table by the recorded tried UUID; the look-alike, the
 * published target and everything else stay.
 */
class LateCreateAfterCompletedTest {
    @Test
    void theNextOperationDropsACompletedOperationsLateSupersededAttemptAndNothingElse() {
        try (ExistingTargetFixture fixture = new ExistingTargetFixture(51)) {
            sweptBeforeTheTakeover(fixture, fixture.recordedWithoutItsCreate("w1", "nightly-A"));
        }
    }

    private static void sweptBeforeTheTakeover(ExistingTargetFixture fixture, UUID u1) {
        Attempt completed = fixture.driver.publish("w2", "nightly-A", 3);
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), completed.outcome(), completed.summary());
        MemberRecord member =
                fixture.driver.record("nightly-A").payload().members().get(1);
        assertEquals(ExternalPhase.COMPLETED, fixture.driver.record("nightly-A").phase());
        assertEquals(List.of(u1), member.triedUuids(), "u1 stays recorded as tried");
        assertNotEquals(u1, member.candidateUuid());
        TableRef late = fixture.driver.attempt("nightly-A", u1);
        assertEquals(
                0,
                fixture.simulator
                        .admin()
                        .createTable(1, late, ExistingTargetFixture.CANDIDATE_SHAPE, u1)
                        .code(),
                "u1's CREATE lands late");
        fixture.simulator.admin().insertRows(1, late, 2);
        UUID unrecorded = new UUID(0x5eedL, 0x51L);
        TableRef lookAlike = fixture.driver.attempt("nightly-A", unrecorded);
        assertEquals(
                0,
                fixture.simulator
                        .admin()
                        .createTable(1, lookAlike, ExistingTargetFixture.CANDIDATE_SHAPE, unrecorded)
                        .code());

        Attempt next = fixture.driver.publish("w3", "nightly-B", 4);

        assertEquals(Optional.of(PublicationOutcome.COMMITTED), next.outcome(), next.summary());
        assertEquals(Optional.empty(), fixture.cluster.uuid(1, late), "dropped by its recorded tried UUID");
        assertEquals(
                Optional.of(unrecorded), fixture.cluster.uuid(1, lookAlike), "a UUID no record holds is never dropped");
        assertEquals(4, fixture.cluster.rows(1, PublicationDriver.TARGET), "the next operation published");
        assertEquals(List.of(), fixture.checker.violations(), "only recorded UUIDs were dropped");
    }
}
