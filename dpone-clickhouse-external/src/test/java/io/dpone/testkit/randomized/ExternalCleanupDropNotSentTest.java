package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.MemberView;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.TableView;
import io.dpone.testkit.simulator.WorkerCrash;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * External mode's lost cleanup drop, simulator evidence, mirroring internal mode's
 * {@link LostCleanupDropTest}: a drop that provably never reached the server, or whose token no
 * queue entry carries after the visibility wait, is redispatched once under a fresh epoch (the run
 * that proves the loss marks it in the record, as internal mode does, and a redispatch replaces the
 * marked binding) while every member holds exactly its recorded predecessor or nothing. Two entries carrying the cleanup token stay
 * CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN and no second drop is sent.
 */
class ExternalCleanupDropNotSentTest {
    private static final Step.Call DROP = Step.call(PortCall.DDL_DISPATCH).kind(StatementKind.DDL_DROP);

    @Test
    void aDropThatWasNotSentIsRedispatchedOnceByTheSameInvocation() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(43)
                .internalReplication(false)
                .build();
        InvariantChecker checker = checker(simulator);
        try (SimulatedExternalCluster cluster = cluster(simulator)) {
            ExternalDriver driver = new ExternalDriver(cluster);
            assertEquals(
                    Optional.of(PublicationOutcome.COMMITTED),
                    driver.publish("w0", "nightly-A", 3).outcome());
            simulator.arm(DROP, SimulatorFault.failBeforeSend());

            Attempt attempt = driver.publish("w1", "nightly-B", 4);

            assertEquals(Optional.of(PublicationOutcome.COMMITTED), attempt.outcome(), attempt.summary());
            assertEquals(2, drops(simulator), "the refused drop and its one redispatch");
            assertEquals(1, dropEntries(simulator), "one drop reached the server");
            ExternalRecord record = driver.record("nightly-B");
            assertEquals(ExternalPhase.COMPLETED, record.phase());
            assertNotNull(record.payload().cleanup().entry(), "the redispatched drop's entry is bound");
            assertNotNull(record.payload().cleanup().receipt(), "and its terminal receipt persisted");
            assertEquals(
                    record.payload().publication().token().dispatchEpoch() + 2,
                    record.dispatchEpoch(),
                    "the lost drop's epoch and the redispatch's fresh one");
            predecessorsAbsentEverywhere(simulator, record);
            assertEquals(List.of(), checker.violations());
        }
    }

    @Test
    void aDropLostWithItsWorkerIsRedispatchedByTheRerunAfterTheVisibilityWait() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(44)
                .internalReplication(false)
                .build();
        InvariantChecker checker = checker(simulator);
        try (SimulatedExternalCluster cluster = cluster(simulator)) {
            ExternalDriver driver = new ExternalDriver(cluster);
            assertEquals(
                    Optional.of(PublicationOutcome.COMMITTED),
                    driver.publish("w0", "nightly-A", 3).outcome());
            simulator.arm(DROP, SimulatorFault.crashWorker());
            assertThrows(WorkerCrash.class, () -> driver.publish("w1", "nightly-B", 4), "w1 dies at the drop");
            ExternalRecord lost = driver.record("nightly-B");
            assertEquals(ExternalPhase.CLEANUP_DISPATCHING, lost.phase());
            assertEquals(null, lost.payload().cleanup().entry());
            assertEquals(0, dropEntries(simulator), "the drop never reached the server");
            long callsBefore = simulator.observe().calls().records().size();
            Attempt status = new Attempt.Receipt(
                    driver.service("reader", cluster.ports("reader")).status(Optional.of("nightly-B")));
            assertEquals(Optional.of(PublicationOutcome.WAITING), status.outcome(), status.summary());
            assertTrue(
                    status.summary().contains("no queue entry carries the cleanup drop's token yet"), status.summary());
            assertTrue(
                    simulator.observe().calls().records().stream()
                            .skip(callsBefore)
                            .noneMatch(call -> call.call().isMutation()),
                    "status writes and sends nothing");

            Attempt rerun = driver.publish("w2", "nightly-B", 4);

            assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
            assertEquals(2, drops(simulator), "the lost drop and the rerun's one redispatch");
            assertEquals(1, dropEntries(simulator));
            ExternalRecord record = driver.record("nightly-B");
            assertEquals(ExternalPhase.COMPLETED, record.phase());
            assertNotEquals(
                    lost.payload().cleanup().token(), record.payload().cleanup().token(), "a fresh token");
            assertEquals(lost.dispatchEpoch() + 1, record.dispatchEpoch());
            predecessorsAbsentEverywhere(simulator, record);
            assertEquals(List.of(), checker.violations());
        }
    }

    /** As in internal mode, one invocation sends at most three drops; the next invocation goes on. */
    @Test
    void oneInvocationSendsAtMostThreeDrops() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(46)
                .internalReplication(false)
                .build();
        InvariantChecker checker = checker(simulator);
        try (SimulatedExternalCluster cluster = cluster(simulator)) {
            ExternalDriver driver = new ExternalDriver(cluster);
            assertEquals(
                    Optional.of(PublicationOutcome.COMMITTED),
                    driver.publish("w0", "nightly-A", 3).outcome());

            publishUpToTheDropCap(simulator, driver, 4);

            Attempt rerun = driver.publish("w2", "nightly-B", 4);

            assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
            assertEquals(5, drops(simulator), "the fourth refused drop and one that reached the server");
            assertEquals(1, dropEntries(simulator));
            predecessorsAbsentEverywhere(simulator, driver.record("nightly-B"));
            assertEquals(List.of(), checker.violations());
        }
    }

    /**
     * One lost-drop rule for both modes (issue 24): a loss an invocation proved is persisted in the
     * record, as internal mode's CLEANUP_PENDING without an entry, so status names it and the rerun
     * redispatches without proving it again. Red on main c884450: external mode kept the loss in
     * memory, so after the capped invocation the record showed the lost drop like one still in
     * flight, status said "no queue entry carries the cleanup drop's token yet", and the rerun
     * waited out the visibility wait, the permit's 45 s age and a second visibility wait (about
     * 107 s simulated) to prove the same loss again.
     */
    @Test
    void aLossTheInvocationProvedIsPersistedSoTheRerunRedispatchesWithoutProvingItAgain() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(47)
                .internalReplication(false)
                .build();
        InvariantChecker checker = checker(simulator);
        try (SimulatedExternalCluster cluster = cluster(simulator)) {
            ExternalDriver driver = new ExternalDriver(cluster);
            assertEquals(
                    Optional.of(PublicationOutcome.COMMITTED),
                    driver.publish("w0", "nightly-A", 3).outcome());
            publishUpToTheDropCap(simulator, driver, 3);
            Attempt status = new Attempt.Receipt(
                    driver.service("reader", cluster.ports("reader")).status(Optional.of("nightly-B")));
            assertEquals(Optional.of(PublicationOutcome.WAITING), status.outcome(), status.summary());
            assertTrue(driver.record("nightly-B").payload().cleanupLost(), "the record marks the third drop lost");
            assertTrue(status.summary().contains("cleanup is pending"), status.summary());
            Instant before = simulator.clock().instant();

            Attempt rerun = driver.publish("w2", "nightly-B", 4);

            assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
            Duration took = Duration.between(before, simulator.clock().instant());
            assertTrue(took.compareTo(Duration.ofSeconds(45)) < 0, "no second takeover wait: " + took);
            assertEquals(4, drops(simulator), "three refused drops and one redispatch");
            assertEquals(1, dropEntries(simulator));
            predecessorsAbsentEverywhere(simulator, driver.record("nightly-B"));
            assertEquals(List.of(), checker.violations());
        }
    }

    @Test
    void twoEntriesCarryingTheCleanupTokenStayUnknownAndNothingIsRedispatched() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(45)
                .internalReplication(false)
                .build();
        InvariantChecker checker = checker(simulator);
        try (SimulatedExternalCluster cluster = cluster(simulator)) {
            ExternalDriver driver = new ExternalDriver(cluster);
            assertEquals(
                    Optional.of(PublicationOutcome.COMMITTED),
                    driver.publish("w0", "nightly-A", 3).outcome());
            simulator.arm(DROP, SimulatorFault.duplicateEntry());

            Attempt attempt = driver.publish("w1", "nightly-B", 4);
            Attempt rerun = driver.publish("w2", "nightly-B", 4);

            for (Attempt each : List.of(attempt, rerun)) {
                assertEquals(Optional.of(PublicationOutcome.UNKNOWN), each.outcome(), each.summary());
                assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN), each.code());
                assertTrue(each.summary().contains("MULTIPLE_ENTRIES"), each.summary());
            }
            assertEquals(1, drops(simulator), "no second drop");
            ExternalRecord record = driver.record("nightly-B");
            assertEquals(ExternalPhase.CLEANUP_DISPATCHING, record.phase());
            assertEquals(null, record.payload().cleanup().entry());
            assertEquals(List.of(), checker.violations());
        }
    }

    /** {@code refusals} drops refused before their send; w1's invocation stops at its three drops. */
    private static void publishUpToTheDropCap(ClusterSimulator simulator, ExternalDriver driver, int refusals) {
        for (int refused = 1; refused <= refusals; refused++) {
            simulator.arm(DROP.nth(refused), SimulatorFault.failBeforeSend());
        }
        Attempt bounded = driver.publish("w1", "nightly-B", 4);
        assertEquals(Optional.of(PublicationOutcome.WAITING), bounded.outcome(), bounded.summary());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN), bounded.code());
        assertTrue(bounded.summary().contains("after 3 drops"), bounded.summary());
        assertEquals(3, drops(simulator));
        assertEquals(0, dropEntries(simulator));
    }

    private static InvariantChecker checker(ClusterSimulator simulator) {
        InvariantChecker checker = ExternalInvariants.checker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        return checker;
    }

    private static SimulatedExternalCluster cluster(ClusterSimulator simulator) {
        SimulatedExternalCluster cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE);
        cluster.createDatabases(
                PublicationDriver.TARGET.database(),
                PublicationDriver.FACADE.control().database());
        return cluster;
    }

    /** No member holds a table with any recorded predecessor UUID, under any name. */
    private static void predecessorsAbsentEverywhere(ClusterSimulator simulator, ExternalRecord record) {
        Set<UUID> predecessors = record.payload().members().stream()
                .map(MemberRecord::targetUuid)
                .collect(Collectors.toSet());
        assertEquals(2, predecessors.size(), "each member recorded its own predecessor");
        for (MemberView member : simulator.observe().members()) {
            for (TableView table : member.tables().values()) {
                assertTrue(!predecessors.contains(table.uuid()), "predecessor left on member " + member.index());
            }
        }
    }

    private static long drops(ClusterSimulator simulator) {
        return simulator.observe().calls().records().stream()
                .filter(r -> r.call() == PortCall.DDL_DISPATCH && r.kind() == StatementKind.DDL_DROP)
                .count();
    }

    private static long dropEntries(ClusterSimulator simulator) {
        return simulator.observe().queue().stream()
                .filter(entry -> entry.logComment() != null
                        && DdlCorrelationToken.parse(entry.logComment())
                                .map(token -> token.action() == DdlAction.DROP)
                                .orElse(false))
                .count();
    }
}
