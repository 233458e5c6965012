package io.dpone.testkit.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.sample.SampleDriver;
import io.dpone.testkit.simulator.sample.SimRecords;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Distributed DDL under faults (simulator evidence, rules from the semantics note sections 1-2):
 * a host error comes back with its own code after every host finished and stays on the entry; a
 * paused host stays Inactive and catches up after resume; the initiator answers 159 at the task
 * timeout; cleanup shows Removing and then garbage-collects; a killed host executes still-existing
 * entries after restart; a duplicated dispatch leaves two entries with one token.
 */
class DdlQueueFaultsTest {
    private static final TableRef PROBE = new TableRef(SampleDriver.DB, "dpone_probe_never");

    private static ClusterSimulator simulator(FaultSchedule faults) {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(3)
                .seed(17)
                .faults(faults)
                .ddlTaskTimeout(Duration.ofSeconds(20))
                .build();
        SampleDriver.fixture(simulator, 10);
        return simulator;
    }

    private static SetupDdl.CapabilityProbe probe(ClusterSimulator simulator) {
        return new SetupDdl.CapabilityProbe(simulator.clusterName(), PROBE, "0123456789abcdef");
    }

    private static List<String> statuses(ClusterSimulator simulator, String entry) {
        return simulator.observe().queue().stream()
                .filter(e -> e.entry().equals(entry))
                .findFirst()
                .orElseThrow()
                .hostRows()
                .stream()
                .map(QueueRow::status)
                .toList();
    }

    @Test
    void aHostErrorIsReRaisedWithItsCodeAndStaysOnTheEntry() {
        ClusterSimulator simulator = simulator(FaultSchedule.builder()
                .at(
                        Step.hostExecutes(1, StatementKind.DDL_CAPABILITY_PROBE),
                        SimulatorFault.hostError(497, "ACCESS_DENIED", "Not enough privileges"))
                .build());
        WorkerPorts ports = simulator.worker("w1");
        DdlCorrelationToken token = SimRecords.setupToken(DdlAction.PROBE, ports.randomBits());

        DdlDispatch dispatch = ports.ddl().dispatchSetup(probe(simulator), token);

        var answer = assertInstanceOf(
                DdlDispatch.InitiatorAnswer.ServerErrorAnswer.class, ((DdlDispatch.Sent) dispatch).answer());
        assertEquals(497, answer.error().code());
        QueueLookup.Bound bound = assertInstanceOf(
                QueueLookup.Bound.class, ports.ddl().lookup(probe(simulator).expected(token)));
        List<QueueRow> rows =
                ((CatalogRead.Observed<List<QueueRow>>) ports.ddl().hostRows(bound.entry())).facts();
        assertEquals(
                List.of("0", "497", "0"),
                rows.stream().map(QueueRow::exceptionCode).toList());
        assertTrue(rows.get(1).exceptionText().startsWith("Code: 497. DB::Exception: Not enough privileges"));
        assertEquals("", rows.get(0).exceptionText(), "success is 0 and an empty text, not NULL");
    }

    @Test
    void aPausedHostStaysInactiveThenCatchesUpAfterResume() {
        ClusterSimulator simulator = simulator(FaultSchedule.builder()
                .at(Step.call(PortCall.DDL_SETUP), SimulatorFault.pause(2))
                .build());
        WorkerPorts ports = simulator.worker("w1");
        DdlCorrelationToken token = SimRecords.setupToken(DdlAction.PROBE, ports.randomBits());

        DdlDispatch dispatch = ports.ddl().dispatchSetup(probe(simulator), token);

        var answer = assertInstanceOf(
                DdlDispatch.InitiatorAnswer.ServerErrorAnswer.class, ((DdlDispatch.Sent) dispatch).answer());
        assertEquals(159, answer.error().code(), "TIMEOUT_EXCEEDED at distributed_ddl_task_timeout");
        assertTrue(simulator.observe().now() >= 20_000);
        String entry =
                simulator.observe().entriesWithToken(token.value()).get(0).entry();
        assertEquals(List.of("Finished", "Finished", "Inactive"), statuses(simulator, entry));
        assertTrue(
                simulator.observe().queue().get(0).hostRows().get(2).exceptionCode() == null, "NULL unless Finished");

        simulator.admin().resume(2);
        assertTrue(simulator.advanceUntil(
                () -> statuses(simulator, entry).equals(List.of("Finished", "Finished", "Finished")),
                Duration.ofSeconds(5)));
    }

    @Test
    void hostsExecutingAnEntryShowActive() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(5)
                .timings(SimulatorTimings.defaults().withDdlExecution(1_000, 1_000))
                .build();
        SampleDriver.fixture(simulator, 1);
        WorkerPorts ports = simulator.worker("w1");
        DdlCorrelationToken token = SimRecords.setupToken(DdlAction.PROBE, ports.randomBits());
        var outcomes = simulator.run(java.util.Map.<String, WorkerTask<Object>>of(
                "w1", p -> p.ddl().dispatchSetup(probe(simulator), token),
                "w2",
                        p -> {
                            p.sleeper().sleep(Duration.ofMillis(500));
                            return statuses(
                                    simulator,
                                    simulator.observe().queue().get(0).entry());
                        }));
        assertEquals(List.of("Active", "Active"), outcomes.get("w2").value(), "both hosts mid-execution at 0.5 s");
        assertInstanceOf(DdlDispatch.Sent.class, outcomes.get("w1").value());
        assertEquals(
                List.of("Finished", "Finished"),
                statuses(simulator, simulator.observe().queue().get(0).entry()));
    }

    @Test
    void cleanupShowsRemovingThenTheEntryIsGoneAndTheLookupFindsNothing() {
        ClusterSimulator simulator = simulator(FaultSchedule.builder()
                .at(Step.call(PortCall.DDL_SETUP).afterEffect(), SimulatorFault.pause(2))
                .build());
        WorkerPorts ports = simulator.worker("w1");
        DdlCorrelationToken token = SimRecords.setupToken(DdlAction.PROBE, ports.randomBits());
        ports.ddl().dispatchSetup(probe(simulator), token);
        String entry =
                simulator.observe().entriesWithToken(token.value()).get(0).entry();

        simulator.admin().cleanupQueue(Duration.ZERO);

        assertEquals(List.of("Finished", "Finished", "Removing"), statuses(simulator, entry));
        simulator.advance(Duration.ofSeconds(1));
        assertTrue(simulator.observe().entriesWithToken(token.value()).isEmpty());
        assertEquals(
                new QueueLookup.Unknown(QueueLookup.Reason.NO_ENTRY),
                ports.ddl().lookup(probe(simulator).expected(token)));
        simulator.admin().resume(2);
        simulator.advance(Duration.ofSeconds(2));
        assertTrue(simulator.observe().queue().isEmpty(), "a removed entry is never executed after resume");
    }

    @Test
    void aQueueEventAfterTheRetentionGarbageCollectsOlderEntries() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(21)
                .timings(SimulatorTimings.defaults().withCleanupPeriod(Duration.ofSeconds(1)))
                .queueRetention(Duration.ofSeconds(5))
                .build();
        SampleDriver.fixture(simulator, 1);
        WorkerPorts ports = simulator.worker("w1");
        DdlCorrelationToken first = SimRecords.setupToken(DdlAction.PROBE, ports.randomBits());
        DdlCorrelationToken second = SimRecords.setupToken(DdlAction.PROBE, ports.randomBits());
        ports.ddl().dispatchSetup(probe(simulator), first);
        simulator.advance(Duration.ofSeconds(10));
        assertEquals(1, simulator.observe().entriesWithToken(first.value()).size(), "an idle queue is not trimmed");

        ports.ddl().dispatchSetup(probe(simulator), second);

        assertEquals(
                new QueueLookup.Unknown(QueueLookup.Reason.NO_ENTRY),
                ports.ddl().lookup(probe(simulator).expected(first)));
        assertInstanceOf(
                QueueLookup.Bound.class, ports.ddl().lookup(probe(simulator).expected(second)));
    }

    @Test
    void aKilledHostExecutesStillExistingEntriesAfterRestart() {
        ClusterSimulator simulator = simulator(FaultSchedule.builder()
                .at(Step.call(PortCall.DDL_SETUP), SimulatorFault.kill(1))
                .build());
        WorkerPorts ports = simulator.worker("w1");
        DdlCorrelationToken token = SimRecords.setupToken(DdlAction.PROBE, ports.randomBits());
        ports.ddl().dispatchSetup(probe(simulator), token);
        String entry =
                simulator.observe().entriesWithToken(token.value()).get(0).entry();
        assertEquals(List.of("Finished", "Inactive", "Finished"), statuses(simulator, entry));

        simulator.admin().restart(1);

        assertTrue(simulator.advanceUntil(
                () -> statuses(simulator, entry).equals(List.of("Finished", "Finished", "Finished")),
                Duration.ofSeconds(10)));
    }

    @Test
    void aDuplicatedDispatchLeavesTwoEntriesWithOneTokenAndTheLookupRefusesToChoose() {
        ClusterSimulator simulator = simulator(FaultSchedule.builder()
                .at(Step.call(PortCall.DDL_SETUP), SimulatorFault.duplicateEntry())
                .build());
        WorkerPorts ports = simulator.worker("w1");
        DdlCorrelationToken token = SimRecords.setupToken(DdlAction.PROBE, ports.randomBits());
        ports.ddl().dispatchSetup(probe(simulator), token);

        assertEquals(2, simulator.observe().entriesWithToken(token.value()).size());
        assertEquals(
                new QueueLookup.Unknown(QueueLookup.Reason.MULTIPLE_ENTRIES),
                ports.ddl().lookup(probe(simulator).expected(token)));
        assertEquals(
                1,
                simulator.observe().calls().count(StatementKind.DDL_CAPABILITY_PROBE),
                "still one transport invocation");
    }

    @Test
    void theStoredProbeQueryDropsTheCommentAndKeepsTheToken() {
        ClusterSimulator simulator = simulator(FaultSchedule.none());
        WorkerPorts ports = simulator.worker("w1");
        DdlCorrelationToken token = SimRecords.setupToken(DdlAction.PROBE, ports.randomBits());
        ports.ddl().dispatchSetup(probe(simulator), token);
        QueueLookup.Bound bound = assertInstanceOf(
                QueueLookup.Bound.class, ports.ddl().lookup(probe(simulator).expected(token)));
        assertEquals("DROP TABLE IF EXISTS pub.dpone_probe_never ON CLUSTER dpone_cluster", bound.storedQuery());
        assertFalse(bound.storedQuery().contains("0123456789abcdef"));
        assertEquals(token.value(), simulator.observe().queue().get(0).logComment());
    }

    @Test
    void aDispatchNotSentEnqueuesNothing() {
        ClusterSimulator simulator = simulator(FaultSchedule.builder()
                .at(Step.call(PortCall.DDL_SETUP), SimulatorFault.failBeforeSend())
                .build());
        WorkerPorts ports = simulator.worker("w1");
        DdlCorrelationToken token = SimRecords.setupToken(DdlAction.PROBE, ports.randomBits());
        assertInstanceOf(DdlDispatch.NotSent.class, ports.ddl().dispatchSetup(probe(simulator), token));
        assertTrue(simulator.observe().queue().isEmpty());
    }

    @Test
    void aDispatchThroughAPausedMemberTimesOutAndIsEnqueuedOnResume() {
        ClusterSimulator simulator = simulator(FaultSchedule.none());
        simulator.admin().pause(0);
        WorkerPorts ports = simulator.worker("w1");
        DdlCorrelationToken token = SimRecords.setupToken(DdlAction.PROBE, ports.randomBits());

        DdlDispatch dispatch = ports.ddl().dispatchSetup(probe(simulator), token);

        var answer =
                assertInstanceOf(DdlDispatch.InitiatorAnswer.NoAnswer.class, ((DdlDispatch.Sent) dispatch).answer());
        assertEquals(io.dpone.clickhouse.cluster.port.MutationOutcome.AmbiguityCause.TIMEOUT, answer.cause());
        assertTrue(simulator.observe().queue().isEmpty());
        simulator.admin().resume(0);
        simulator.advance(Duration.ofSeconds(1));
        assertEquals(
                1,
                simulator.observe().entriesWithToken(token.value()).size(),
                "the server ran the request it had received");
    }
}
