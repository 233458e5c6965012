package io.dpone.testkit.modes.simulator;

import static io.dpone.testkit.modes.simulator.SlowAnswerTest.KEY;
import static io.dpone.testkit.modes.simulator.SlowAnswerTest.found;
import static io.dpone.testkit.modes.simulator.SlowAnswerTest.record;
import static io.dpone.testkit.modes.simulator.SlowAnswerTest.row;
import static io.dpone.testkit.modes.simulator.SlowAnswerTest.store;
import static io.dpone.testkit.modes.simulator.SlowAnswerTest.withPreparedRow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.ControlRead;
import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.FaultSchedule;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.WorkerOutcome;
import io.dpone.testkit.simulator.WorkerPorts;
import io.dpone.testkit.simulator.sample.SampleDriver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link SimulatorFault.PauseWorker}, {@link SimulatorFault.ResumeWorker} and {@link SimulatorFault.KillWorker} (simulator
 * evidence): a paused worker is frozen at its call, others act meanwhile, and it goes on with what
 * it had read and held; virtual time passes for it too, so its clock shows the pause. A run never
 * ends, and never hangs, while a worker is paused; a kill ends a pause with a crash.
 */
class PausedWorkerTest {
    private static final Duration PAUSE = Duration.ofSeconds(30);

    /** What w1 saw: the read it decided on, its CAS's answer, and how much virtual time passed in between. */
    record StaleView(VersionedRow read, MutationOutcome cas, long elapsedMillis) {}

    @Test
    void aPausedWorkerResumesWithItsStaleViewAndItsClockShowsThePause() {
        ClusterSimulator simulator = withPreparedRow(
                11,
                FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_CAS).worker("w1"), SimulatorFault.pauseWorker(PAUSE))
                        .build());
        Map<String, WorkerOutcome<Object>> outcomes = simulator.run(Map.of(
                "w1",
                        ports -> {
                            VersionedRow seen = found(store(ports).read(KEY, "w1-read"));
                            long decided = ports.clock().millis();
                            MutationOutcome cas = store(ports)
                                    .compareAndSwap(
                                            new CasExpectation(
                                                    KEY,
                                                    seen.keeperVersion(),
                                                    "op",
                                                    "fence",
                                                    seen.row().phase()),
                                            row("COMMITTED"),
                                            "w1-cas");
                            return new StaleView(seen, cas, ports.clock().millis() - decided);
                        },
                "w2",
                        ports -> {
                            ports.sleeper().sleep(Duration.ofSeconds(1));
                            return SlowAnswerTest.casToDispatching(ports, "w2-cas");
                        }));

        StaleView w1 = (StaleView) outcomes.get("w1").value();
        assertEquals(0, w1.read().keeperVersion(), "w1 kept the record it read before the pause");
        assertTrue(w1.elapsedMillis() >= PAUSE.toMillis(), "its clock shows the pause: " + w1.elapsedMillis() + " ms");
        assertInstanceOf(
                MutationOutcome.Acknowledged.class, w1.cas(), "it sent its CAS on the stale view after resuming");
        VersionedRow now =
                simulator.observe().keeperMap(SampleDriver.KEEPER_ROOT).get(KEY);
        assertEquals(1, now.keeperVersion(), "w2's CAS landed during the pause; w1's stale one matched nothing");
        assertEquals("DISPATCHING", now.row().phase());
        CallRecord paused = record(simulator, "w1", PortCall.CONTROL_CAS);
        assertEquals(PAUSE.toMillis(), paused.heldMillis());
        assertTrue(record(simulator, "w2", PortCall.CONTROL_CAS).timeMillis() < paused.timeMillis());
        assertTrace(
                simulator,
                "w1: paused before CONTROL_CAS for up to 30000 ms",
                "w1: resumed at its bound after 30000 ms");
    }

    @Test
    void aPermitHeldAcrossAPauseIsStillInHandAndItsAgeShowsOnTheHoldersClock() throws Exception {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(12)
                .faults(FaultSchedule.builder()
                        .at(
                                Step.call(PortCall.DDL_DISPATCH).kind(StatementKind.DDL_EXCHANGE),
                                SimulatorFault.pauseWorker(Duration.ofMinutes(10)))
                        .build())
                .build();
        SampleDriver.fixture(simulator, 10);
        simulator.admin().createControlTable(SampleDriver.CONTROL, SampleDriver.KEEPER_ROOT);
        WorkerPorts ports = simulator.worker("w1");
        SampleDriver driver = new SampleDriver(ports, simulator.clusterName());
        driver.stageCandidate(10);
        DispatchPermit permit = driver.acquire("slot");
        long acquired = ports.clock().millis();

        DdlDispatch sent = driver.exchange(permit);

        assertInstanceOf(DdlDispatch.Sent.class, sent, "the permit survived the pause and the EXCHANGE was sent");
        assertTrue(
                ports.clock().millis() - acquired >= Duration.ofMinutes(10).toMillis(),
                "the permit's age includes the pause");
        assertEquals(1, simulator.observe().calls().count(StatementKind.DDL_EXCHANGE));
    }

    @Test
    void aPauseAfterTheEffectHoldsTheAnswerUntilAResumeWorkerFaultWhileTheEffectIsVisible() {
        ClusterSimulator simulator = withPreparedRow(
                13,
                FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_CAS).worker("w1").afterEffect(), SimulatorFault.pauseWorker())
                        .at(Step.call(PortCall.CONTROL_READ).worker("w2").nth(2), SimulatorFault.resumeWorker("w1"))
                        .build());
        Map<String, WorkerOutcome<Object>> outcomes = simulator.run(Map.of(
                "w1", ports -> SlowAnswerTest.casToDispatching(ports, "w1-cas"),
                "w2",
                        ports -> {
                            ports.sleeper().sleep(Duration.ofSeconds(1));
                            ControlRead during = store(ports).read(KEY, "w2-read-1");
                            ports.sleeper().sleep(Duration.ofSeconds(2));
                            store(ports).read(KEY, "w2-read-2");
                            return during;
                        }));

        assertInstanceOf(MutationOutcome.Acknowledged.class, outcomes.get("w1").value());
        assertEquals(
                1,
                found((ControlRead) outcomes.get("w2").value()).keeperVersion(),
                "the effect stood while w1 was paused");
        CallRecord cas = record(simulator, "w1", PortCall.CONTROL_CAS);
        assertTrue(cas.heldMillis() >= 3_000, "held until w2's second read: " + cas.heldMillis());
        assertTrace(
                simulator, "w1: paused after the effect of CONTROL_CAS until resumed", "w1: resumed by a fault after");
    }

    @Test
    void aWorkerKilledWhilePausedNeverSendsAndEndsCrashed() {
        ClusterSimulator simulator = withPreparedRow(
                14,
                FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_CAS).worker("w1"), SimulatorFault.pauseWorker())
                        .at(Step.at(Duration.ofSeconds(10)), SimulatorFault.killWorker("w1"))
                        .build());
        Map<String, WorkerOutcome<Object>> outcomes =
                simulator.run(Map.of("w1", ports -> SlowAnswerTest.casToDispatching(ports, "w1-cas")));

        assertInstanceOf(WorkerOutcome.Crashed.class, outcomes.get("w1"));
        assertEquals(
                0,
                simulator.observe().keeperMap(SampleDriver.KEEPER_ROOT).get(KEY).keeperVersion(),
                "the CAS never reached the server");
        CallRecord cas = record(simulator, "w1", PortCall.CONTROL_CAS);
        assertEquals("worker crashed", cas.outcome());
        assertTrue(
                cas.timeMillis() >= 10_000,
                "it stayed paused until the kill, not until the run had nothing else to do");
        assertTrace(simulator, "w1: killed while paused, after");
    }

    @Test
    void aPauseAndACrashAtOneCallFireInTheOrderTheirRulesWereAdded() {
        Step cas = Step.call(PortCall.CONTROL_CAS).worker("w1");
        ClusterSimulator pauseFirst = withPreparedRow(
                15,
                FaultSchedule.builder()
                        .at(cas, SimulatorFault.pauseWorker(Duration.ofSeconds(5)))
                        .at(cas, SimulatorFault.crashWorker())
                        .build());
        ClusterSimulator crashFirst = withPreparedRow(
                15,
                FaultSchedule.builder()
                        .at(cas, SimulatorFault.crashWorker())
                        .at(cas, SimulatorFault.pauseWorker(Duration.ofSeconds(5)))
                        .build());
        for (ClusterSimulator simulator : List.of(pauseFirst, crashFirst)) {
            WorkerOutcome<Object> w1 = simulator
                    .run(Map.of("w1", ports -> SlowAnswerTest.casToDispatching(ports, "w1-cas")))
                    .get("w1");
            assertInstanceOf(WorkerOutcome.Crashed.class, w1);
            assertEquals(
                    0,
                    simulator
                            .observe()
                            .keeperMap(SampleDriver.KEEPER_ROOT)
                            .get(KEY)
                            .keeperVersion());
        }
        assertEquals(
                5_000, record(pauseFirst, "w1", PortCall.CONTROL_CAS).heldMillis(), "paused, resumed, then crashed");
        assertEquals(0, record(crashFirst, "w1", PortCall.CONTROL_CAS).heldMillis(), "a crashed worker never pauses");
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aRunThatEndsWithAWorkerStillPausedResumesItOnceNothingElseIsLeftToRunTheSameWayEveryTime() {
        long[] digests = new long[2];
        for (int attempt = 0; attempt < 2; attempt++) {
            ClusterSimulator simulator = withPreparedRow(
                    16,
                    FaultSchedule.builder()
                            .at(Step.call(PortCall.CONTROL_READ).worker("w1"), SimulatorFault.pauseWorker())
                            .build());
            Map<String, WorkerOutcome<Object>> outcomes = simulator.run(Map.of(
                    "w1", ports -> store(ports).read(KEY, "w1-read"),
                    "w2",
                            ports -> {
                                ports.sleeper().sleep(Duration.ofSeconds(2));
                                return SlowAnswerTest.casToDispatching(ports, "w2-cas");
                            }));

            assertEquals(
                    1,
                    found((ControlRead) outcomes.get("w1").value()).keeperVersion(),
                    "paused before the server acted, w1 read after w2's CAS");
            assertTrue(record(simulator, "w1", PortCall.CONTROL_READ).timeMillis()
                    >= record(simulator, "w2", PortCall.CONTROL_CAS).timeMillis());
            assertTrace(simulator, "w1: resumed as nothing else was left to run after");
            digests[attempt] = simulator.trace().digest();
        }
        assertEquals(digests[0], digests[1], "the same seed resumes it at the same step");
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aLoneWorkerPausedUntilResumedOnTheTestThreadResumesInsteadOfHanging() {
        ClusterSimulator simulator = withPreparedRow(
                17,
                FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_READ).worker("w1"), SimulatorFault.pauseWorker())
                        .at(
                                Step.at(Duration.ofMinutes(3)),
                                SimulatorFault.admin(
                                        "outside write",
                                        admin -> admin.putControlRow(SampleDriver.KEEPER_ROOT, row("DISPATCHING"))))
                        .build());

        VersionedRow read = found(store(simulator.worker("w1")).read(KEY, "w1-read"));

        assertEquals(1, read.keeperVersion(), "a timed step still pending runs before the pause ends");
        assertTrue(simulator.clock().millis() >= Duration.ofMinutes(3).toMillis());
    }

    @Test
    void aResumeOfAWorkerThatIsNotPausedChangesNothing() {
        ClusterSimulator simulator = withPreparedRow(
                18,
                FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_READ).worker("w2"), SimulatorFault.resumeWorker("w1"))
                        .build());
        Map<String, WorkerOutcome<Object>> outcomes = simulator.run(Map.of(
                "w1",
                ports -> store(ports).read(KEY, "w1-read"),
                "w2",
                ports -> store(ports).read(KEY, "w2-read")));

        assertEquals(0, found((ControlRead) outcomes.get("w1").value()).keeperVersion());
        assertTrace(simulator, "fault: worker w1 is not paused: nothing to resume");
    }

    @Test
    void aWorkerPausesAndIsResumedOnlyWhereThatCanHappen() {
        FaultSchedule.Builder builder = FaultSchedule.builder();
        SimulatorFault pause = SimulatorFault.pauseWorker();
        assertThrows(IllegalArgumentException.class, () -> builder.at(Step.at(Duration.ofSeconds(1)), pause));
        assertThrows(
                IllegalArgumentException.class,
                () -> builder.at(Step.hostExecutes(1, StatementKind.DDL_EXCHANGE), pause));
        assertThrows(
                IllegalArgumentException.class,
                () -> builder.at(Step.call(PortCall.SLEEP).afterEffect(), pause));
        assertThrows(
                IllegalArgumentException.class,
                () -> builder.at(Step.call(PortCall.LOAD).worker("w1"), SimulatorFault.resumeWorker("w1")));
        assertThrows(IllegalArgumentException.class, () -> SimulatorFault.pauseWorker(Duration.ZERO));
        builder.at(Step.call(PortCall.SLEEP).worker("w1"), pause)
                .at(Step.call(PortCall.DDL_DISPATCH).afterEffect(), SimulatorFault.pauseWorker(Duration.ofMinutes(5)))
                .at(Step.call(PortCall.LOAD).worker("w2"), SimulatorFault.resumeWorker("w1"))
                .at(Step.at(Duration.ofSeconds(40)), SimulatorFault.resumeWorker("w1"))
                .at(Step.hostExecutes(0, StatementKind.DDL_EXCHANGE), SimulatorFault.killWorker("w1"))
                .at(Step.call(PortCall.CONTROL_CAS).worker("w1"), SimulatorFault.killWorker("w1"));
        assertEquals(6, builder.build().rules().size());
    }

    private static void assertTrace(ClusterSimulator simulator, String... steps) {
        List<String> tail = simulator.trace().tail(200);
        for (String step : steps) {
            assertTrue(
                    tail.stream().anyMatch(line -> line.contains(step)),
                    "no step '" + step + "' in\n" + simulator.trace().tailText(200));
        }
    }
}
