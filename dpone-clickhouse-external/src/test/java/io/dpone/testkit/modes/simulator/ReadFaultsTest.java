package io.dpone.testkit.modes.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.FaultSchedule;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.SimulatorObservation;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Faults on every read port call (simulator evidence). A read that fails before send, or whose
 * answer is lost, reaches the caller as the failure value the real adapter returns through that
 * port for a refused connection ({@code NOT_SENT}) or a read timeout ({@code NO_RESPONSE}), never
 * as an exception, and changes nothing in the world. The same read without the fault answers.
 */
class ReadFaultsTest {
    private static final Set<PortCall> READS = Set.of(
            PortCall.INVENTORY,
            PortCall.MEMBERS,
            PortCall.CANDIDATE_HEALTH,
            PortCall.TABLE_NAMES,
            PortCall.FACADE_OBSERVE,
            PortCall.DDL_PREFLIGHT,
            PortCall.DDL_LOOKUP,
            PortCall.DDL_ENTRIES_BY_PREFIX,
            PortCall.DDL_HOST_ROWS,
            PortCall.CONTROL_READ,
            PortCall.MEMBER_IDENTIFY,
            PortCall.MEMBER_TABLE,
            PortCall.MEMBER_CONTENT,
            PortCall.MEMBER_ROW_COUNT,
            PortCall.MEMBER_POLICY);

    @Test
    void theFifteenReadPortCallsAreEveryReadTheSimulatorHas() {
        assertEquals(READS, Set.copyOf(EveryPortCall.reads()), "a new read port call needs its read-fault case here");
    }

    @Test
    void everyReadAnswersWithoutAFault() throws Exception {
        for (PortCall read : EveryPortCall.reads()) {
            ClusterSimulator simulator = EveryPortCall.fixture(1, FaultSchedule.none());
            EveryPortCall.assertAnswered(
                    read, EveryPortCall.make(read, simulator.worker("w1"), simulator.clusterName()));
        }
    }

    @Test
    void everyReadThatFailsBeforeSendReachesTheCallerAsNotSentAndChangesNothing() throws Exception {
        for (PortCall read : EveryPortCall.reads()) {
            assertFailedRead(read, SimulatorFault.failBeforeSend(), ReadFailure.Kind.NOT_SENT, "not sent");
        }
    }

    @Test
    void everyReadWhoseAnswerIsLostReachesTheCallerAsNoResponseAndChangesNothing() throws Exception {
        for (PortCall read : EveryPortCall.reads()) {
            assertFailedRead(read, SimulatorFault.loseResponse(), ReadFailure.Kind.NO_RESPONSE, "response lost");
        }
    }

    private static void assertFailedRead(PortCall read, SimulatorFault fault, ReadFailure.Kind kind, String outcome)
            throws Exception {
        ClusterSimulator faulted = EveryPortCall.fixture(
                2, FaultSchedule.builder().at(Step.call(read), fault).build());
        ClusterSimulator clean = EveryPortCall.fixture(2, FaultSchedule.none());
        EveryPortCall.assertReadFailed(
                read, EveryPortCall.make(read, faulted.worker("w1"), faulted.clusterName()), kind);
        EveryPortCall.make(read, clean.worker("w1"), clean.clusterName());
        List<String> outcomes = faulted.observe().calls().records().stream()
                .filter(r -> r.call() == read)
                .map(CallRecord::outcome)
                .toList();
        assertEquals(List.of(outcome), outcomes, read.name());
        assertEquals(world(clean), world(faulted), read + ": a failed read leaves the world as the answered one does");
    }

    /** What a read could have changed: every member's tables, the KeeperMap rows and the DDL queue. */
    private static String world(ClusterSimulator simulator) {
        SimulatorObservation observe = simulator.observe();
        // an answered slot read opens its KeeperMap root's store, still empty: not a change
        return observe.members() + " "
                + observe.keeperMaps().entrySet().stream()
                        .filter(store -> !store.getValue().isEmpty())
                        .toList() + " " + observe.queue();
    }
}
