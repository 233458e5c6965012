package io.dpone.testkit.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.testkit.simulator.sample.SampleDriver;
import io.dpone.testkit.simulator.sample.SimRecords;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The scheduler (simulator evidence): workers interleave at every port call by the seed, the same
 * seed replays the same trace, a crashed worker is unwound at its call, virtual time passes only
 * through the simulation, and ports refuse threads the simulator did not start.
 */
class SimulatorSchedulingTest {

    /** Two workers race for one slot: each creates, reads and CASes to DISPATCHING; returns who got a permit. */
    static Map<String, WorkerOutcome<Boolean>> race(ClusterSimulator simulator) {
        simulator
                .admin()
                .createDatabase(SampleDriver.DB)
                .createControlTable(SampleDriver.CONTROL, SampleDriver.KEEPER_ROOT);
        Map<String, WorkerTask<Boolean>> tasks = new LinkedHashMap<>();
        for (String name : new String[] {"w1", "w2"}) {
            tasks.put(name, ports -> {
                KeeperMapAuthority<AuthorityRecord> authority = ports.authority(SampleDriver.CONTROL);
                AuthorityRecord mine = SimRecords.prepared("contended", ports.randomBits());
                authority.createIfAbsent(mine);
                SlotRead<AuthorityRecord> read = authority.readVersioned(mine.targetKey());
                var seen = ((SlotRead.Present<AuthorityRecord>) read).valid().orElseThrow();
                if (!seen.record().fenceToken().equals(mine.fenceToken())) {
                    return false;
                }
                SlotWrite<AuthorityRecord> cas = authority.compareAndSwap(
                        seen, SimRecords.dispatching(seen.record(), DdlAction.EXCHANGE, ports.randomBits()));
                return cas instanceof SlotWrite.Verified<AuthorityRecord> verified
                        && verified.dispatchPermit().isPresent();
            });
        }
        return simulator.run(tasks);
    }

    @Test
    void exactlyOneRacingWorkerGetsAPermit() {
        for (long seed = 0; seed < 20; seed++) {
            Map<String, WorkerOutcome<Boolean>> outcomes =
                    race(ClusterSimulator.builder().seed(seed).build());
            long winners =
                    outcomes.values().stream().filter(WorkerOutcome::value).count();
            assertEquals(1, winners, "seed " + seed);
        }
    }

    @Test
    void twoWorkersOfOneOperationCasTheSameRecordAndOnlyOneIsVerified() {
        for (long seed = 0; seed < 20; seed++) {
            ClusterSimulator simulator = ClusterSimulator.builder().seed(seed).build();
            simulator
                    .admin()
                    .createDatabase(SampleDriver.DB)
                    .createControlTable(SampleDriver.CONTROL, SampleDriver.KEEPER_ROOT);
            AuthorityRecord prepared =
                    SimRecords.prepared("shared", simulator.worker("setup").randomBits());
            simulator.worker("setup").authority(SampleDriver.CONTROL).createIfAbsent(prepared);
            Map<String, WorkerTask<Boolean>> tasks = new LinkedHashMap<>();
            for (String name : new String[] {"w1", "w2"}) {
                tasks.put(name, ports -> {
                    KeeperMapAuthority<AuthorityRecord> authority = ports.authority(SampleDriver.CONTROL);
                    var seen = ((SlotRead.Present<AuthorityRecord>) authority.readVersioned(prepared.targetKey()))
                            .valid()
                            .orElseThrow();
                    SlotWrite<AuthorityRecord> cas = authority.compareAndSwap(
                            seen, SimRecords.dispatching(seen.record(), DdlAction.EXCHANGE, ports.randomBits()));
                    return cas instanceof SlotWrite.Verified<AuthorityRecord> verified
                            && verified.dispatchPermit().isPresent();
                });
            }
            long permits = simulator.run(tasks).values().stream()
                    .filter(WorkerOutcome::value)
                    .count();
            assertEquals(1, permits, "seed " + seed);
            assertEquals(
                    1L,
                    simulator
                            .observe()
                            .keeperMap(SampleDriver.KEEPER_ROOT)
                            .get(prepared.targetKey().hex())
                            .keeperVersion(),
                    "one CAS changed the row, the stale one was a no-op");
        }
    }

    @Test
    void theSameSeedReplaysTheSameTraceAndTheSeedDecidesTheInterleaving() {
        Set<String> winners = new HashSet<>();
        for (long seed = 0; seed < 20; seed++) {
            ClusterSimulator first = ClusterSimulator.builder().seed(seed).build();
            ClusterSimulator second = ClusterSimulator.builder().seed(seed).build();
            Map<String, WorkerOutcome<Boolean>> a = race(first);
            Map<String, WorkerOutcome<Boolean>> b = race(second);
            assertEquals(first.trace().digest(), second.trace().digest(), "seed " + seed);
            assertEquals(first.trace().tail(100), second.trace().tail(100));
            assertEquals(a.get("w1").value(), b.get("w1").value());
            winners.add(a.get("w1").value() ? "w1" : "w2");
        }
        assertEquals(Set.of("w1", "w2"), winners, "over 20 seeds both workers win some races");
    }

    @Test
    void aCrashedWorkerIsUnwoundAtItsCallAndTheOtherFinishes() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .seed(1)
                .faults(FaultSchedule.builder()
                        .at(Step.anyCall().worker("w2").nth(2), SimulatorFault.crashWorker())
                        .build())
                .build();
        Map<String, WorkerOutcome<Boolean>> outcomes = race(simulator);
        assertInstanceOf(WorkerOutcome.Crashed.class, outcomes.get("w2"));
        assertInstanceOf(WorkerOutcome.Returned.class, outcomes.get("w1"));
        assertEquals(
                1,
                simulator.observe().calls().records().stream()
                        .filter(r -> r.worker().equals("w2") && r.outcome().equals("worker crashed"))
                        .count());
    }

    @Test
    void virtualTimePassesOnlyThroughTheSimulation() throws Exception {
        ClusterSimulator simulator = ClusterSimulator.builder().seed(2).build();
        long wallBefore = System.nanoTime();
        simulator.worker("w1").sleeper().sleep(Duration.ofHours(5));
        assertEquals(
                ClusterSimulator.EPOCH.plus(Duration.ofHours(5)),
                simulator.clock().instant());
        assertTrue(System.nanoTime() - wallBefore < Duration.ofSeconds(5).toNanos(), "no wall-clock wait");
    }

    @Test
    void aPortCalledFromAForeignThreadDuringARunIsRefused() {
        ClusterSimulator simulator = ClusterSimulator.builder().seed(3).build();
        WorkerPorts foreign = simulator.worker("foreign");
        AtomicReference<Throwable> seen = new AtomicReference<>();
        Map<String, WorkerOutcome<Object>> outcomes = simulator.run(Map.of("w1", ports -> {
            Thread thread = new Thread(() -> {
                try {
                    foreign.catalog().inventory(simulator.clusterName());
                } catch (Throwable thrown) {
                    seen.set(thrown);
                }
            });
            thread.start();
            thread.join();
            return null;
        }));
        assertInstanceOf(WorkerOutcome.Returned.class, outcomes.get("w1"));
        assertInstanceOf(IllegalStateException.class, seen.get());
    }

    @Test
    void aWorkersCheckedExceptionIsItsOutcome() {
        ClusterSimulator simulator = ClusterSimulator.builder().seed(4).build();
        Map<String, WorkerOutcome<Object>> outcomes = simulator.run(Map.of("w1", ports -> {
            throw new java.io.IOException("service failed");
        }));
        WorkerOutcome.Threw<Object> threw = assertInstanceOf(WorkerOutcome.Threw.class, outcomes.get("w1"));
        assertEquals("service failed", threw.thrown().getMessage());
        assertThrows(IllegalStateException.class, () -> outcomes.get("w1").value());
        assertNotEquals(0, simulator.trace().count());
    }
}
