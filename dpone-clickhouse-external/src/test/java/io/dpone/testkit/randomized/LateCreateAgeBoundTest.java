package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A superseded attempt's {@code CREATE} that lands after the next operation took the target (issue
 * 19, finding 3's last gap; ADR 0008 "A late CREATE of a superseded attempt"), on the simulator
 * (simulator evidence: two members, an existing target, the permits' age A = 45 s, a quarter of
 * the simulated 180 s task timeout; the visibility wait V about 31 s). Each attempt's {@code CREATE}
 * is sent only within A of the write that recorded its UUID; the next operation waits V + A + V
 * from its observation of a finished record that names such a UUID, then sweeps, then takes over.
 */
class LateCreateAgeBoundTest {
    private static final Duration PAST_THE_AGE_BOUND = Duration.ofSeconds(50);

    /**
     * Red on main f73ef6c: w1, paused 50 s right after its LOADING write of member 1's UUID (the
     * write applied, its answer held), sent the CREATE when it woke. Now it sends nothing, the run
     * stops PREPARED with the UUID recorded LOADING, and a rerun records a new attempt (the first
     * kept as tried) and publishes.
     */
    @Test
    void aWorkerPausedPastTheAgeBoundBetweenItsLoadingWriteAndItsCreateSendsNothing() {
        try (ExistingTargetFixture fixture = new ExistingTargetFixture(61)) {
            // CAS 1 is LOCKED -> STAGING, CAS 2 records member 1's first UUID (LOADING)
            fixture.simulator.arm(
                    Step.call(PortCall.CONTROL_CAS).worker("w1").nth(2).afterEffect(),
                    SimulatorFault.pauseWorker(PAST_THE_AGE_BOUND));

            Attempt stopped = fixture.driver.publish("w1", "nightly-A", 3);

            assertEquals(Optional.of(PublicationOutcome.PREPARED), stopped.outcome(), stopped.summary());
            MemberRecord member =
                    fixture.driver.record("nightly-A").payload().members().get(0);
            assertEquals(MemberStage.LOADING, member.stage());
            UUID u1 = member.candidateUuid();
            assertTrue(
                    calls(fixture, PortCall.CONTROL_CAS).get(1).heldMillis() >= PAST_THE_AGE_BOUND.toMillis(),
                    "the LOADING write's answer was held past the age bound");
            assertEquals(List.of(), calls(fixture, PortCall.MEMBER_CREATE), "no CREATE was sent after the age bound");
            assertEquals(Optional.empty(), fixture.cluster.uuid(0, fixture.driver.attempt("nightly-A", u1)));

            Attempt rerun = fixture.driver.publish("w1", "nightly-A", 3);

            assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
            assertEquals(
                    List.of(u1),
                    fixture.driver
                            .record("nightly-A")
                            .payload()
                            .members()
                            .get(0)
                            .triedUuids());
            assertEquals(3, fixture.cluster.rows(0, PublicationDriver.TARGET));
            assertEquals(List.of(), fixture.checker.violations());
        }
    }

    /**
     * Red on main f73ef6c: u1's CREATE (recorded by w1, its answer lost, superseded by w2's u2, the
     * operation COMPLETED) lands 10 s after the next operation started; that operation had swept and
     * taken the target at once (and ended before the 10 s), so u1's table, filled by its
     * still-running worker, stayed for good
     * (emulated with the simulator's admin, as {@link LateCreateAfterCompletedTest} does). Now the
     * next operation waits V + A + V before it sweeps, finds u1's table and drops it by its recorded
     * tried UUID, then takes over and publishes.
     */
    @Test
    void aLostAnswerCreateThatLandsDuringTheTakeoverWaitIsSweptByTheNextOperation() {
        try (ExistingTargetFixture fixture = new ExistingTargetFixture(62)) {
            UUID u1 = fixture.recordedWithoutItsCreate("w1", "nightly-A");
            Attempt completed = fixture.driver.publish("w2", "nightly-A", 3);
            assertEquals(Optional.of(PublicationOutcome.COMMITTED), completed.outcome(), completed.summary());
            assertEquals(
                    List.of(u1),
                    fixture.driver
                            .record("nightly-A")
                            .payload()
                            .members()
                            .get(1)
                            .triedUuids());
            TableRef late = fixture.driver.attempt("nightly-A", u1);
            Duration started = now(fixture);
            fixture.simulator.arm(
                    Step.at(started.plusSeconds(10)), SimulatorFault.admin("u1's CREATE lands late", admin -> {
                        admin.createTable(1, late, ExistingTargetFixture.CANDIDATE_SHAPE, u1);
                        admin.insertRows(1, late, 2);
                    }));

            Attempt next = fixture.driver.publish("w3", "nightly-B", 4);

            assertEquals(Optional.of(PublicationOutcome.COMMITTED), next.outcome(), next.summary());
            if (now(fixture).compareTo(started.plusSeconds(11)) < 0) {
                // on main the run ended before the late CREATE's moment: let it come
                fixture.simulator.advance(started.plusSeconds(11).minus(now(fixture)));
            }
            assertEquals(Optional.empty(), fixture.cluster.uuid(1, late), "dropped by its recorded tried UUID");
            assertTrue(
                    takeoverAfter(fixture, "w3", started).compareTo(Duration.ofSeconds(45)) > 0,
                    "the takeover waited out the age bound");
            assertEquals(4, fixture.cluster.rows(1, PublicationDriver.TARGET));
            assertEquals(List.of(), fixture.checker.violations());
        }
    }

    /**
     * A COMPLETED predecessor that recorded no superseded attempt has nothing a late CREATE could
     * materialise: the next operation takes it over without the wait (virtual time well below A).
     * Green on main f73ef6c as well (main never waits); it pins that the wait is paid only when
     * there is something to sweep.
     */
    @Test
    void theTakeoverOfAPredecessorWithNothingToSweepDoesNotWait() {
        try (ExistingTargetFixture fixture = new ExistingTargetFixture(63)) {
            Attempt completed = fixture.driver.publish("w1", "nightly-A", 3);
            assertEquals(Optional.of(PublicationOutcome.COMMITTED), completed.outcome(), completed.summary());
            assertTrue(fixture.driver.record("nightly-A").payload().members().stream()
                    .allMatch(member -> member.triedUuids().isEmpty()));
            Duration started = now(fixture);

            Attempt next = fixture.driver.publish("w2", "nightly-B", 4);

            assertEquals(Optional.of(PublicationOutcome.COMMITTED), next.outcome(), next.summary());
            assertTrue(
                    takeoverAfter(fixture, "w2", started).compareTo(Duration.ofSeconds(5)) < 0,
                    "taken over without waiting");
            assertEquals(List.of(), fixture.checker.violations());
        }
    }

    private static List<CallRecord> calls(ExistingTargetFixture fixture, PortCall call) {
        return fixture.simulator.observe().calls().records().stream()
                .filter(record -> record.call() == call)
                .toList();
    }

    private static Duration now(ExistingTargetFixture fixture) {
        return Duration.between(
                ClusterSimulator.EPOCH, fixture.simulator.clock().instant());
    }

    /** How long after {@code started} the worker's first slot CAS (its takeover) answered. */
    private static Duration takeoverAfter(ExistingTargetFixture fixture, String worker, Duration started) {
        long at = calls(fixture, PortCall.CONTROL_CAS).stream()
                .filter(record -> record.worker().equals(worker))
                .filter(record -> record.timeMillis() >= started.toMillis())
                .findFirst()
                .orElseThrow()
                .timeMillis();
        return Duration.ofMillis(at - started.toMillis());
    }
}
