package io.dpone.testkit.modes.simulator;

import static io.dpone.testkit.modes.simulator.SlowAnswerTest.KEY;
import static io.dpone.testkit.modes.simulator.SlowAnswerTest.casToDispatching;
import static io.dpone.testkit.modes.simulator.SlowAnswerTest.found;
import static io.dpone.testkit.modes.simulator.SlowAnswerTest.row;
import static io.dpone.testkit.modes.simulator.SlowAnswerTest.store;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.error.ErrorClass;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.FaultSchedule;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.WorkerOutcome;
import io.dpone.testkit.simulator.WorkerPorts;
import io.dpone.testkit.simulator.WorldEvent;
import io.dpone.testkit.simulator.sample.SampleDriver;
import io.dpone.testkit.simulator.sample.SimRecords;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * KeeperMap as Keeper behaves (simulator evidence): the strict update reads the row, then sends a
 * versioned multi, so a write landing in between fails it with 999 "Bad version" (nothing changed,
 * a conflict); a session lost with the write in flight answers 999 "Connection loss" whether or
 * not the multi applied (ambiguous); a read served by a lagging follower shows the row as the
 * member's session last saw it, never older, and a strict update that reads that stale row fails
 * with "Bad version" at the leader.
 */
class KeeperFaultsTest {
    private static ClusterSimulator twoMembers(long seed, FaultSchedule schedule) {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(seed)
                .faults(schedule)
                .build();
        simulator
                .admin()
                .createDatabase(SampleDriver.DB)
                .createControlTable(SampleDriver.CONTROL, SampleDriver.KEEPER_ROOT);
        assertInstanceOf(
                MutationOutcome.Acknowledged.class,
                store(simulator.worker("setup")).insertStrict(row("PREPARED"), "setup-insert"));
        return simulator;
    }

    private static long version(ClusterSimulator simulator) {
        return simulator.observe().keeperMap(SampleDriver.KEEPER_ROOT).get(KEY).keeperVersion();
    }

    @Test
    void aStrictUpdateThatLosesTheRaceBetweenItsReadAndItsMultiFailsWithBadVersionAndChangesNothing() {
        // seeds where both CASes read version 0 before either multi reaches the leader
        for (long seed = 0; seed < 200; seed++) {
            ClusterSimulator simulator = twoMembers(seed, FaultSchedule.none());
            Map<String, WorkerOutcome<MutationOutcome>> outcomes = simulator.run(Map.of(
                    "w1", ports -> casToDispatching(ports, "w1-cas"),
                    "w2",
                            ports -> store(ports)
                                    .compareAndSwap(
                                            new CasExpectation(KEY, 0, "op", "fence", "PREPARED"),
                                            row("COMMITTED"),
                                            "w2-cas")));
            if (simulator.observe().worldEvents().getOrDefault(WorldEvent.BAD_VERSION, 0) == 0) {
                continue;
            }
            MutationOutcome w1 = outcomes.get("w1").value();
            MutationOutcome w2 = outcomes.get("w2").value();
            MutationOutcome loser = w1 instanceof MutationOutcome.Rejected ? w1 : w2;
            MutationOutcome winner = loser == w1 ? w2 : w1;
            MutationOutcome.Rejected rejected = assertInstanceOf(MutationOutcome.Rejected.class, loser);
            assertEquals(999, rejected.error().code());
            assertTrue(
                    rejected.error().summary().contains("Bad version"),
                    rejected.error().summary());
            assertEquals(ErrorClass.CONFLICT, rejected.error().classification().errorClass());
            assertInstanceOf(MutationOutcome.Acknowledged.class, winner);
            assertEquals(1, version(simulator), "only the winner's set applied");
            return;
        }
        throw new AssertionError("no seed of 200 raced two strict updates into a Bad version");
    }

    @Test
    void aSessionLostMidCasIsAmbiguousWhetherTheMultiAppliedOrNot() {
        for (boolean applied : new boolean[] {true, false}) {
            ClusterSimulator simulator = twoMembers(
                    applied ? 31 : 32,
                    FaultSchedule.builder()
                            .at(Step.call(PortCall.CONTROL_CAS), SimulatorFault.keeperSessionLost(applied))
                            .build());
            WorkerPorts ports = simulator.worker("w1", 1);

            MutationOutcome outcome = casToDispatching(ports, "w1-cas");

            MutationOutcome.Ambiguous ambiguous = assertInstanceOf(MutationOutcome.Ambiguous.class, outcome);
            assertEquals(999, ambiguous.serverError().orElseThrow().code());
            assertEquals(applied ? 1 : 0, version(simulator), "applied: " + applied);
            assertEquals(1, simulator.observe().worldEvents().get(WorldEvent.KEEPER_SESSION_LOST));
            assertTrue(simulator.trace().tailText(20).contains("keeper session lost"));
        }
    }

    @Test
    void theAuthorityReportsASessionLostMidCasAsUnknownNeverAsAPermit() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(33)
                .faults(FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_CAS), SimulatorFault.keeperSessionLost(true))
                        .build())
                .build();
        SampleDriver.fixture(simulator, 10);
        simulator.admin().createControlTable(SampleDriver.CONTROL, SampleDriver.KEEPER_ROOT);
        WorkerPorts ports = simulator.worker("w1");
        var authority = ports.authority(SampleDriver.CONTROL);
        var prepared = SimRecords.prepared("slot", ports.randomBits());
        assertInstanceOf(SlotWrite.Verified.class, authority.createIfAbsent(prepared));
        var seen = ((io.dpone.clickhouse.cluster.authority.SlotRead.Present<AuthorityRecord>)
                        authority.readVersioned(prepared.targetKey()))
                .valid()
                .orElseThrow();

        SlotWrite<AuthorityRecord> cas = authority.compareAndSwap(
                seen,
                SimRecords.dispatching(
                        prepared, io.dpone.clickhouse.cluster.contract.ddl.DdlAction.EXCHANGE, ports.randomBits()));

        assertInstanceOf(SlotWrite.Unknown.class, cas, "the write applied, but its answer was a lost session");
    }

    @Test
    void aReadFromALaggingFollowerShowsTheRowAsTheMembersSessionLastSawItNeverOlder() {
        ClusterSimulator simulator = twoMembers(
                34,
                FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_READ).worker("w1").nth(2), SimulatorFault.staleRead())
                        .build());
        WorkerPorts w1 = simulator.worker("w1", 1);
        WorkerPorts w2 = simulator.worker("w2", 0);
        assertEquals(0, found(store(w1).read(KEY, "w1-read-1")).keeperVersion(), "member 1's session saw version 0");
        assertInstanceOf(MutationOutcome.Acknowledged.class, casToDispatching(w2, "w2-cas"));

        var stale = found(store(w1).read(KEY, "w1-read-2"));
        var fresh = found(store(w1).read(KEY, "w1-read-3"));

        assertEquals(0, stale.keeperVersion(), "the follower had not applied w2's write");
        assertEquals("PREPARED", stale.row().phase());
        assertEquals(1, fresh.keeperVersion(), "the next read is served up to date");
        assertEquals(1, simulator.observe().worldEvents().get(WorldEvent.STALE_READ));
    }

    @Test
    void aStaleReadNeverGoesBehindTheSessionsOwnWrite() {
        ClusterSimulator simulator = twoMembers(
                35,
                FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_READ).worker("w1"), SimulatorFault.staleRead())
                        .build());
        WorkerPorts w1 = simulator.worker("w1", 1);

        assertInstanceOf(MutationOutcome.Acknowledged.class, casToDispatching(w1, "w1-cas"));
        var afterOwnWrite = found(store(w1).read(KEY, "w1-read"));

        assertEquals(1, afterOwnWrite.keeperVersion(), "a session sees its own write");
        assertNull(simulator.observe().worldEvents().get(WorldEvent.STALE_READ), "nothing newer was hidden");
    }

    @Test
    void aStrictUpdateOnAStaleReadFailsWithBadVersionAtTheLeader() {
        ClusterSimulator simulator = twoMembers(
                36,
                FaultSchedule.builder()
                        .at(Step.call(PortCall.CONTROL_CAS).worker("w1"), SimulatorFault.staleRead())
                        .build());
        WorkerPorts w1 = simulator.worker("w1", 1);
        WorkerPorts w2 = simulator.worker("w2", 0);
        found(store(w1).read(KEY, "w1-read"));
        assertInstanceOf(
                MutationOutcome.Acknowledged.class,
                store(w2)
                        .compareAndSwap(
                                new CasExpectation(KEY, 0, "op", "fence", "PREPARED"), row("PREPARED"), "w2-cas"));

        MutationOutcome stale = casToDispatching(w1, "w1-cas");

        MutationOutcome.Rejected rejected = assertInstanceOf(MutationOutcome.Rejected.class, stale);
        assertTrue(
                rejected.error().summary().contains("Bad version"),
                rejected.error().summary());
        assertEquals(1, version(simulator), "w2's write stands; w1's changed nothing");
        assertEquals(
                "PREPARED",
                simulator
                        .observe()
                        .keeperMap(SampleDriver.KEEPER_ROOT)
                        .get(KEY)
                        .row()
                        .phase());
    }

    @Test
    void aQueueLookupFromALaggingFollowerMissesAnEntryAnotherMemberEnqueuedSinceTheSessionLastLooked() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(37)
                .faults(FaultSchedule.builder()
                        .at(Step.call(PortCall.DDL_LOOKUP).worker("w1").nth(2), SimulatorFault.staleRead())
                        .build())
                .build();
        SampleDriver.fixture(simulator, 10);
        WorkerPorts w1 = simulator.worker("w1", 1);
        WorkerPorts w2 = simulator.worker("w2", 0);
        var probe = new io.dpone.clickhouse.cluster.port.SetupDdl.CapabilityProbe(
                simulator.clusterName(),
                new io.dpone.clickhouse.cluster.sql.TableRef(SampleDriver.DB, "probe_never"),
                "0123456789abcdef");
        var token = SimRecords.setupToken(io.dpone.clickhouse.cluster.contract.ddl.DdlAction.PROBE, w2.randomBits());
        assertInstanceOf(
                io.dpone.clickhouse.cluster.port.QueueLookup.Unknown.class,
                w1.ddl().lookup(probe.expected(token)),
                "member 1's session looked at the queue before the entry existed");
        simulator.admin().stallDdl(1); // member 1's own DDL worker would catch its session up with the entry
        w2.ddl().dispatchSetup(probe, token);

        var stale = w1.ddl().lookup(probe.expected(token));
        var fresh = w1.ddl().lookup(probe.expected(token));

        assertEquals(
                io.dpone.clickhouse.cluster.port.QueueLookup.Reason.NO_ENTRY,
                assertInstanceOf(io.dpone.clickhouse.cluster.port.QueueLookup.Unknown.class, stale)
                        .reason(),
                "the follower had not applied the entry's creation");
        assertInstanceOf(io.dpone.clickhouse.cluster.port.QueueLookup.Bound.class, fresh);
        assertEquals(1, simulator.observe().worldEvents().get(WorldEvent.STALE_READ));
    }

    @Test
    void theKeeperFaultsAreRefusedWhereTheyCannotHappen() {
        assertThrowsIllegal(() -> FaultSchedule.builder().at(Step.call(PortCall.MEMBERS), SimulatorFault.staleRead()));
        assertThrowsIllegal(() ->
                FaultSchedule.builder().at(Step.call(PortCall.CONTROL_READ), SimulatorFault.keeperSessionLost(true)));
        assertThrowsIllegal(() ->
                FaultSchedule.builder().at(Step.call(PortCall.DDL_DISPATCH), SimulatorFault.killBeforeFinished()));
        assertThrowsIllegal(
                () -> FaultSchedule.builder().at(Step.at(Duration.ofSeconds(1)), SimulatorFault.killBeforeFinished()));
    }

    private static void assertThrowsIllegal(Runnable build) {
        try {
            build.run();
        } catch (IllegalArgumentException refused) {
            return;
        }
        throw new AssertionError("accepted a fault where it cannot happen");
    }
}
