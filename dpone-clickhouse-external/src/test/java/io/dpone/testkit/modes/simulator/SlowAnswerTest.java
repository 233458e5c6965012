package io.dpone.testkit.modes.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.ControlRead;
import io.dpone.clickhouse.cluster.authority.ControlStore;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import io.dpone.clickhouse.cluster.sql.ControlRow;
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

/**
 * {@link SimulatorFault.SlowAnswer} (simulator evidence): the server acts at the call's time, the answer
 * reaches the worker {@code delay} later while others act on the world, and the worker goes on
 * with the stale answer. It composes with every port call and with a lost response; an answer the
 * server never gave is not held.
 */
class SlowAnswerTest {
    static final String KEY = "k";
    private static final Duration SLOW = Duration.ofSeconds(5);

    static ControlRow row(String phase) {
        return new ControlRow(KEY, "op", "fence", phase, 0, "{}", "0".repeat(64));
    }

    /** The control table with one PREPARED row at version 0, written by a setup worker. */
    static ClusterSimulator withPreparedRow(long seed, FaultSchedule schedule) {
        ClusterSimulator simulator =
                ClusterSimulator.builder().seed(seed).faults(schedule).build();
        simulator
                .admin()
                .createDatabase(SampleDriver.DB)
                .createControlTable(SampleDriver.CONTROL, SampleDriver.KEEPER_ROOT);
        MutationOutcome created = store(simulator.worker("setup")).insertStrict(row("PREPARED"), "setup-insert");
        assertInstanceOf(MutationOutcome.Acknowledged.class, created);
        return simulator;
    }

    static ControlStore store(WorkerPorts ports) {
        return ports.controlStore(SampleDriver.CONTROL);
    }

    /** A CAS from the PREPARED row at version 0 to DISPATCHING. */
    static MutationOutcome casToDispatching(WorkerPorts ports, String queryId) {
        return store(ports)
                .compareAndSwap(new CasExpectation(KEY, 0, "op", "fence", "PREPARED"), row("DISPATCHING"), queryId);
    }

    static VersionedRow found(ControlRead read) {
        return assertInstanceOf(ControlRead.Found.class, read).row().orElseThrow();
    }

    static CallRecord record(ClusterSimulator simulator, String worker, PortCall call) {
        return simulator.observe().calls().records().stream()
                .filter(r -> r.worker().equals(worker) && r.call() == call)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aSlowControlReadReturnsThePreChangeRecordAfterAnotherWorkersCasLanded() {
        ClusterSimulator simulator = withPreparedRow(
                5,
                FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_READ).worker("w1"), SimulatorFault.slowAnswer(SLOW))
                        .build());
        Map<String, WorkerOutcome<ControlRead>> outcomes = simulator.run(Map.of(
                "w1", ports -> store(ports).read(KEY, "w1-read"),
                "w2",
                        ports -> {
                            ports.sleeper().sleep(Duration.ofSeconds(1));
                            assertInstanceOf(MutationOutcome.Acknowledged.class, casToDispatching(ports, "w2-cas"));
                            return store(ports).read(KEY, "w2-read");
                        }));

        VersionedRow stale = found(outcomes.get("w1").value());
        assertEquals(0, stale.keeperVersion(), "w1 goes on with the record as it was when the server read it");
        assertEquals("PREPARED", stale.row().phase());
        VersionedRow landed = found(outcomes.get("w2").value());
        assertEquals(1, landed.keeperVersion());
        assertEquals("DISPATCHING", landed.row().phase());
        CallRecord slowRead = record(simulator, "w1", PortCall.CONTROL_READ);
        assertEquals(SLOW.toMillis(), slowRead.heldMillis());
        assertTrue(
                record(simulator, "w2", PortCall.CONTROL_CAS).timeMillis() < slowRead.timeMillis(),
                "the CAS landed while the answer was on its way");
        assertTrue(
                simulator.trace().tail(100).stream()
                        .anyMatch(step -> step.contains("w1: answer of CONTROL_READ held 5000 ms (slow answer)")),
                simulator.trace().tailText(100));
    }

    @Test
    void aSlowMutationTakesEffectWhenTheServerActsAndIsAnsweredLate() {
        ClusterSimulator simulator = withPreparedRow(
                6,
                FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_CAS).worker("w1"), SimulatorFault.slowAnswer(SLOW))
                        .build());
        Map<String, WorkerOutcome<Object>> outcomes = simulator.run(Map.of(
                "w1", ports -> casToDispatching(ports, "w1-cas"),
                "w2",
                        ports -> {
                            ports.sleeper().sleep(Duration.ofSeconds(1));
                            return store(ports).read(KEY, "w2-read");
                        }));

        assertInstanceOf(MutationOutcome.Acknowledged.class, outcomes.get("w1").value());
        assertEquals(
                1,
                found((ControlRead) outcomes.get("w2").value()).keeperVersion(),
                "the CAS was applied before its answer reached w1");
        assertTrue(record(simulator, "w2", PortCall.CONTROL_READ).timeMillis()
                < record(simulator, "w1", PortCall.CONTROL_CAS).timeMillis());
        assertEquals(
                SLOW.toMillis(), record(simulator, "w1", PortCall.CONTROL_CAS).heldMillis());
    }

    @Test
    void aSlowAnswerComposesWithEveryPortCallAndLeavesTheAnswerAsItWas() throws Exception {
        for (PortCall call : EveryPortCall.all()) {
            ClusterSimulator slow = EveryPortCall.fixture(
                    7,
                    FaultSchedule.builder()
                            .at(Step.call(call), SimulatorFault.slowAnswer(Duration.ofSeconds(7)))
                            .build());
            ClusterSimulator clean = EveryPortCall.fixture(7, FaultSchedule.none());
            EveryPortCall.make(call, slow.worker("w1"), slow.clusterName());
            EveryPortCall.make(call, clean.worker("w1"), clean.clusterName());

            CallRecord held = record(slow, "w1", call);
            assertEquals(7_000, held.heldMillis(), call.name());
            assertEquals(record(clean, "w1", call).outcome(), held.outcome(), call + ": the same answer, only later");
            assertTrue(held.timeMillis() >= record(clean, "w1", call).timeMillis() + 7_000, call.name());
        }
    }

    @Test
    void aLostAnswerThatIsAlsoSlowIsNoticedAfterTheDelayAndTheEffectStands() {
        ClusterSimulator simulator = withPreparedRow(
                8,
                FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_CAS), SimulatorFault.loseResponse())
                        .at(Step.call(PortCall.CONTROL_CAS), SimulatorFault.slowAnswer(SLOW))
                        .build());
        WorkerPorts w1 = simulator.worker("w1");
        long before = simulator.clock().millis();

        MutationOutcome.Ambiguous lost =
                assertInstanceOf(MutationOutcome.Ambiguous.class, casToDispatching(w1, "w1-cas"));

        assertEquals(MutationOutcome.AmbiguityCause.RESPONSE_LOST, lost.cause());
        assertTrue(simulator.clock().millis() - before >= SLOW.toMillis());
        assertEquals(
                1,
                simulator.observe().keeperMap(SampleDriver.KEEPER_ROOT).get(KEY).keeperVersion());
    }

    @Test
    void anAnswerTheServerNeverGaveIsNotHeld() {
        ClusterSimulator simulator = withPreparedRow(
                9,
                FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_READ).nth(1), SimulatorFault.failBeforeSend())
                        .at(Step.call(PortCall.CONTROL_READ).every(), SimulatorFault.slowAnswer(SLOW))
                        .build());
        WorkerPorts w1 = simulator.worker("w1");

        assertInstanceOf(ControlRead.Unavailable.class, store(w1).read(KEY, "not-sent"));
        simulator.admin().kill(0);
        assertInstanceOf(ControlRead.Unavailable.class, store(w1).read(KEY, "refused"));

        List<CallRecord> reads = simulator.observe().calls().records().stream()
                .filter(r -> r.call() == PortCall.CONTROL_READ)
                .toList();
        assertEquals(
                List.of("not sent", "not sent"),
                reads.stream().map(CallRecord::outcome).toList());
        assertEquals(List.of(0L, 0L), reads.stream().map(CallRecord::heldMillis).toList());
    }

    @Test
    void aSlowAnswerBelongsToOneCallBeforeTheServerActs() {
        FaultSchedule.Builder builder = FaultSchedule.builder();
        SimulatorFault slow = SimulatorFault.slowAnswer(SLOW);
        assertThrows(
                IllegalArgumentException.class,
                () -> builder.at(Step.call(PortCall.CONTROL_READ).afterEffect(), slow));
        assertThrows(IllegalArgumentException.class, () -> builder.at(Step.call(PortCall.SLEEP), slow));
        assertThrows(IllegalArgumentException.class, () -> builder.at(Step.at(Duration.ofSeconds(1)), slow));
        assertThrows(IllegalArgumentException.class, () -> SimulatorFault.slowAnswer(Duration.ZERO));
        builder.at(Step.call(PortCall.MEMBER_CONTENT).member(1), slow)
                .at(Step.anyCall().worker("w1").nth(3), slow);
        assertEquals(2, builder.build().rules().size());
    }
}
