package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.internal.simulated.Fixture;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.MemberState;
import io.dpone.testkit.simulator.QueueEntryView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Internal mode's {@code dpone status} through the real {@code InternalPublicationService} on the
 * deterministic simulator (simulator evidence, no ClickHouse): it is read-only (no mutation port
 * call, no DDL, no KeeperMap write, nothing in the queue or the catalogs changes), reports
 * {@code none} for a target without a record, says whose record it is only when asked about an
 * invocation, and with one member down reports every member UNKNOWN and the outcome
 * {@code unknown}, fail-closed: the member read is one fan-out that fails as a whole.
 */
class InternalStatusTest {
    private static final String INVOCATION = "nightly-status";
    private static final String OBSERVER = "observer";
    private static final String MINE = "record belongs to this invocation";
    private static final String FOREIGN = "record belongs to another invocation";

    @Test
    void aTargetWithoutARecordIsNoneAndNothingIsWritten() {
        SimulatedCluster cluster = SimulatedCluster.of(2, 3, PublicationDriver.FACADE);
        PublicationDriver driver = Fixture.prepare(cluster, 3, Narrator.SILENT);
        for (int member = 0; member < cluster.members(); member++) {
            cluster.createFacadeOn(member, cluster.facade());
        }
        Snapshot before = Snapshot.of(cluster);

        PublicationReceipt none = driver.service(OBSERVER).status(Optional.empty());
        PublicationReceipt noneForAnInvocation = driver.service(OBSERVER).status(Optional.of(INVOCATION));

        for (PublicationReceipt receipt : List.of(none, noneForAnInvocation)) {
            assertEquals(PublicationOutcome.NONE, receipt.outcome());
            assertEquals("", receipt.operationId(), "no record, no operation");
            assertEquals(Optional.empty(), receipt.errorCode());
        }
        before.assertReadOnly(cluster);
    }

    @Test
    void withAnInvocationIdTheStepSaysWhoseRecordItIsAndWithoutOneItSaysNothing() {
        SimulatedCluster cluster = SimulatedCluster.of(3, 5, PublicationDriver.FACADE);
        PublicationDriver driver = Fixture.prepare(cluster, 3, Narrator.SILENT);
        cluster.arm(new ArmedFault.StallDdlBefore(1, StatementKind.DDL_EXCHANGE));
        Attempt waiting = driver.publish("worker-1", INVOCATION, 5);
        assertEquals("PARTIAL_IN_PROGRESS", Fixture.classification(waiting), waiting.summary());
        Snapshot before = Snapshot.of(cluster);

        PublicationReceipt mine = driver.service(OBSERVER).status(Optional.of(INVOCATION));
        PublicationReceipt foreign = driver.service(OBSERVER).status(Optional.of("another-invocation"));
        PublicationReceipt anyone = driver.service(OBSERVER).status(Optional.empty());

        for (PublicationReceipt receipt : List.of(mine, foreign, anyone)) {
            assertEquals(PublicationOutcome.WAITING, receipt.outcome());
            assertEquals(
                    waiting.receipt().operationId(), receipt.operationId(), "the record's operation, whoever asks");
            assertEquals("PARTIAL_IN_PROGRESS", receipt.detail().get("classification"));
            assertEquals("DISPATCHING", receipt.detail().get("phase"));
        }
        assertTrue(steps(mine).contains(MINE), "asked about its own invocation: " + steps(mine));
        assertTrue(steps(foreign).contains(FOREIGN), "asked about another invocation: " + steps(foreign));
        assertFalse(
                steps(anyone).contains(MINE) || steps(anyone).contains(FOREIGN),
                "asked about no invocation, it claims no owner: " + steps(anyone));
        before.assertReadOnly(cluster);
    }

    @Test
    void aDownMemberMakesEveryMemberUnknownAndTheOutcomeUnknownWithoutWriting() {
        SimulatedCluster cluster = SimulatedCluster.of(3, 9, PublicationDriver.FACADE);
        PublicationDriver driver = Fixture.prepare(cluster, 3, Narrator.SILENT);
        cluster.arm(new ArmedFault.StallDdlBefore(1, StatementKind.DDL_EXCHANGE));
        Attempt waiting = driver.publish("worker-1", INVOCATION, 5);
        assertEquals(Optional.of(PublicationOutcome.WAITING), waiting.outcome(), waiting.summary());
        ClusterSimulator simulator = cluster.simulator();
        simulator.admin().kill(2);
        Snapshot before = Snapshot.of(cluster);

        for (Optional<String> invocation : List.of(Optional.of(INVOCATION), Optional.<String>empty())) {
            PublicationReceipt down = driver.service(OBSERVER).status(invocation);

            assertEquals(PublicationOutcome.UNKNOWN, down.outcome(), "fail-closed while a member is down");
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED), down.errorCode());
            assertEquals("OUTCOME_UNKNOWN", down.detail().get("classification"));
            assertEquals("MEMBER_UNAVAILABLE", down.detail().get("unknown_cause"));
            assertEquals(
                    Map.of(1L, "UNKNOWN", 2L, "UNKNOWN", 3L, "UNKNOWN"),
                    new Attempt.Receipt(down).memberStates(),
                    "one fan-out read: not only the down member, every member is UNKNOWN");
            assertEquals("DISPATCHING", down.detail().get("phase"), "the record is still shown");
            assertNotNull(
                    ((Map<?, ?>) down.detail().get("publication_ddl")).get("entry"), "the bound entry is still shown");
        }
        before.assertReadOnly(cluster);

        simulator.admin().restart(2);
        assertTrue(
                simulator.advanceUntil(
                        () -> simulator.observe().member(2).state() == MemberState.UP, Duration.ofMinutes(5)),
                "the member came back");
        PublicationReceipt back = driver.service(OBSERVER).status(Optional.of(INVOCATION));
        assertEquals(
                PublicationOutcome.WAITING,
                back.outcome(),
                "the member is back: the real state again " + back.detail());
        assertEquals(Map.of(1L, "COMMITTED", 2L, "PENDING", 3L, "COMMITTED"), new Attempt.Receipt(back).memberStates());
    }

    @SuppressWarnings("unchecked")
    private static List<String> steps(PublicationReceipt receipt) {
        return (List<String>) receipt.detail().get("steps");
    }

    /** What a read-only status must leave exactly as it found it. */
    private record Snapshot(
            int calls, Map<String, Object> keeperMaps, List<String> queue, Map<Integer, Set<String>> tables) {
        static Snapshot of(SimulatedCluster cluster) {
            ClusterSimulator simulator = cluster.simulator();
            Map<Integer, Set<String>> tables = new TreeMap<>();
            for (int member = 0; member < cluster.members(); member++) {
                Set<String> names = new TreeSet<>();
                simulator
                        .observe()
                        .member(member)
                        .tables()
                        .forEach((table, view) -> names.add(table + "=" + view.uuid()));
                tables.put(member, names);
            }
            List<String> queue = new ArrayList<>();
            for (QueueEntryView entry : simulator.observe().queue()) {
                queue.add(entry.entry() + "|" + entry.logComment());
            }
            // a root nothing was ever written to appears once read; only rows and their versions count
            Map<String, Object> rows = new TreeMap<>();
            simulator.observe().keeperMaps().forEach((root, keys) -> {
                if (!keys.isEmpty()) {
                    rows.put(root, keys);
                }
            });
            return new Snapshot(simulator.observe().calls().records().size(), rows, queue, tables);
        }

        void assertReadOnly(SimulatedCluster cluster) {
            List<CallRecord> calls = cluster.simulator().observe().calls().records();
            List<CallRecord> made = calls.subList(this.calls, calls.size());
            assertFalse(made.isEmpty(), "status read something");
            for (CallRecord call : made) {
                assertEquals(OBSERVER, call.worker(), "only the status reader ran");
                assertFalse(call.call().isMutation(), "status sent a mutation: " + call);
                assertEquals(null, call.kind(), "status sent a statement: " + call);
            }
            Snapshot after = of(cluster);
            assertEquals(keeperMaps, after.keeperMaps, "KeeperMap rows and versions unchanged");
            assertEquals(queue, after.queue, "no queue entry added");
            assertEquals(tables, after.tables, "no table created, dropped or swapped");
        }
    }
}
