package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.WorkerOutcome;
import io.dpone.testkit.simulator.WorkerPorts;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 18, finding 1 (simulator evidence): a candidate is discarded without a permit only after a
 * successful read of the slot proves that no record names it; a failed read keeps it and ends
 * unknown.
 *
 * <p>Red on main 0f041b0: two workers of one invocation. w1's insert of PREPARED(c1) is acknowledged
 * and w1 freezes before its post-read runs. w2 reads PREPARED(c1), revalidates, CASes DISPATCHING
 * and sends {@code EXCHANGE target AND c1 ON CLUSTER}; w1 wakes as that entry is enqueued. Its
 * post-read sees version 1 ({@code UNEXPECTED_VERSION_JUMP}), its re-read of the slot gets no answer,
 * and {@code InternalPublicationService.newOperation} "discarded its own attempt" with
 * {@code DROP TABLE IF EXISTS c1 ON CLUSTER}, queued behind the EXCHANGE: every member dropped the
 * predecessor now named c1 (invariant 3), and w1 answered AUTHORITY_CONFLICT, "nothing was dispatched".
 */
class BoundCandidateDiscardTest {
    private static final String INVOCATION = "nightly-A";
    /** w1's reads of the slot: 1 admission, 2 the post-read of its insert, 3 the re-read after the conflict. */
    private static final Step.Call POST_READ =
            Step.call(PortCall.CONTROL_READ).worker("w1").nth(2);

    private static final Step.Call REREAD =
            Step.call(PortCall.CONTROL_READ).worker("w1").nth(3);

    @Test
    void aWorkerWhoseReReadFailsAfterALostRaceKeepsItsBoundCandidateAndEndsUnknown() {
        ServiceOnSimulator sim = w1FrozenUntilW2Exchanges(181);
        sim.simulator.arm(REREAD, SimulatorFault.loseResponse());

        Map<String, WorkerOutcome<Attempt>> outcomes = race(sim);

        assertEquals(List.of(), sim.checker.violations(), sim.checker.traceAtFirstViolation());
        assertEquals(0, discards(sim), "no permit-less drop of a bound candidate");
        Attempt w1 = outcomes.get("w1").value();
        Attempt w2 = outcomes.get("w2").value();
        assertEquals(Optional.of(PublicationOutcome.UNKNOWN), w1.outcome(), w1.summary());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN), w1.code(), w1.summary());
        assertTrue(w1.summary().contains("the candidate is kept"), w1.summary());
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), w2.outcome(), w2.summary());
        assertEquals(1, sim.dispatches(StatementKind.DDL_EXCHANGE).size());
    }

    @Test
    void aWorkerWhoseReReadShowsItsOwnRecordResumesFromItAndDropsNothing() {
        ServiceOnSimulator sim = w1FrozenUntilW2Exchanges(182);

        Map<String, WorkerOutcome<Attempt>> outcomes = race(sim);

        Attempt w1 = outcomes.get("w1").value();
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), w1.outcome(), w1.summary());
        assertEquals(0, discards(sim));
        assertEquals(1, sim.dispatches(StatementKind.DDL_EXCHANGE).size());
        assertEquals(List.of(), sim.checker.violations(), sim.checker.traceAtFirstViolation());
    }

    @Test
    void theKeptCandidateIsPublishedByTheRerunAndNothingIsLost() {
        ServiceOnSimulator sim = w1FrozenUntilW2Exchanges(183);
        sim.simulator.arm(REREAD, SimulatorFault.failBeforeSend());
        race(sim);
        TableRef published = sim.candidate(INVOCATION);

        Attempt rerun = sim.publish("w3", 1, INVOCATION);

        assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
        for (int member = 0; member < 2; member++) {
            assertTrue(sim.holds(member, PublicationDriver.TARGET), "the target stands on member " + member);
            assertTrue(
                    !sim.holds(member, published),
                    "only cleanup, under its permit, removed the predecessor on " + member);
        }
        assertEquals(1, sim.dispatches(StatementKind.DDL_DROP).size(), "the one cleanup drop");
        assertEquals(List.of(), sim.checker.violations(), sim.checker.traceAtFirstViolation());
    }

    /**
     * A strict insert refused because the key exists never applied: w1's candidate was never bound,
     * so it is discarded even when the re-read that follows gets no answer.
     */
    @Test
    void aWriteRefusedBeforeApplyingLetsTheCandidateGoEvenWithoutAReRead() {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, 186);
        sim.simulator.arm(Step.call(PortCall.CONTROL_INSERT).worker("w1"), SimulatorFault.pauseWorker());
        sim.simulator.arm(
                Step.call(PortCall.CONTROL_INSERT).worker("w2").afterEffect(), SimulatorFault.resumeWorker("w1"));
        sim.simulator.arm(Step.call(PortCall.CONTROL_READ).worker("w1").nth(2), SimulatorFault.loseResponse());

        Map<String, WorkerOutcome<Attempt>> outcomes = race(sim);

        Attempt w1 = outcomes.get("w1").value();
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT), w1.code(), w1.summary());
        assertEquals(1, discards(sim), "w1 dropped its own, never bound candidate");
        assertEquals(
                Optional.of(PublicationOutcome.COMMITTED),
                outcomes.get("w2").value().outcome());
        assertEquals(List.of(), sim.checker.violations(), sim.checker.traceAtFirstViolation());
    }

    /** A slow re-read answers what the slot held when the server read it: this operation's record naming c1. */
    @Test
    void aSlowReReadThatArrivesAfterOthersActedStillKeepsTheBoundCandidate() {
        ServiceOnSimulator sim = w1FrozenUntilW2Exchanges(184);
        sim.simulator.arm(REREAD, SimulatorFault.slowAnswer(Duration.ofSeconds(30)));

        race(sim);

        assertEquals(0, discards(sim), "the late answer still names c1: nothing is discarded");
        assertEquals(1, sim.dispatches(StatementKind.DDL_EXCHANGE).size());
        assertEquals(List.of(), sim.checker.violations(), sim.checker.traceAtFirstViolation());
    }

    /**
     * A staging failure's discard sends before the attempt wrote any record: a worker frozen right
     * before it, while another worker of the invocation publishes its own candidate, still drops
     * only its own unbound one.
     */
    @Test
    void aStagingFailureDiscardDelayedPastAnotherWorkersPublicationDropsOnlyItsOwnCandidate() {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, 185);
        sim.simulator.arm(Step.call(PortCall.LOAD).worker("w1"), SimulatorFault.loseResponse());
        sim.simulator.arm(
                Step.call(PortCall.DDL_SETUP).worker("w1").kind(StatementKind.DDL_DISCARD_STAGING),
                SimulatorFault.pauseWorker(Duration.ofMinutes(5)));

        Map<String, WorkerOutcome<Attempt>> outcomes = race(sim);

        assertEquals(
                Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED),
                outcomes.get("w1").value().code());
        Attempt w2 = outcomes.get("w2").value();
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), w2.outcome(), w2.summary());
        assertEquals(1, discards(sim), "w1's own discard");
        for (int member = 0; member < 2; member++) {
            assertEquals(
                    java.util.Set.of(), sim.driver.attemptCandidates(member, INVOCATION), "nothing left on " + member);
        }
        assertEquals(List.of(), sim.checker.violations(), sim.checker.traceAtFirstViolation());
    }

    /** The schedule up to the re-read: w1 frozen before its post-read until w2's EXCHANGE is enqueued. */
    private static ServiceOnSimulator w1FrozenUntilW2Exchanges(long seed) {
        ServiceOnSimulator sim = new ServiceOnSimulator(2, seed);
        sim.simulator.arm(POST_READ, SimulatorFault.pauseWorker());
        sim.simulator.arm(
                Step.call(PortCall.DDL_DISPATCH)
                        .worker("w2")
                        .kind(StatementKind.DDL_EXCHANGE)
                        .afterEffect(),
                SimulatorFault.resumeWorker("w1"));
        return sim;
    }

    static long discards(ServiceOnSimulator sim) {
        return sim.simulator.observe().calls().records().stream()
                .filter(r -> r.kind() == StatementKind.DDL_DISCARD_STAGING)
                .count();
    }

    /** w1 publishes; w2, the same invocation, starts once w1's PREPARED record is in the slot (at most 1 s later). */
    static Map<String, WorkerOutcome<Attempt>> race(ServiceOnSimulator sim) {
        ClusterSimulator simulator = sim.simulator;
        WorkerPorts w1 = simulator.worker("w1", 0);
        WorkerPorts w2 = simulator.worker("w2", 1);
        return simulator.run(List.of(
                new ClusterSimulator.Worker<>(w1, ports -> InternalRuns.attempt(sim.driver, ports, INVOCATION, 4)),
                new ClusterSimulator.Worker<>(w2, ports -> {
                    // until w1's PREPARED record is in the slot, or w1 stopped before writing one
                    for (int waited = 0;
                            waited < 200
                                    && simulator
                                            .observe()
                                            .keeperMap(PublicationDriver.FACADE.keeperRoot())
                                            .isEmpty();
                            waited++) {
                        ports.sleeper().sleep(Duration.ofMillis(5));
                    }
                    return InternalRuns.attempt(sim.driver, ports, INVOCATION, 4);
                })));
    }
}
