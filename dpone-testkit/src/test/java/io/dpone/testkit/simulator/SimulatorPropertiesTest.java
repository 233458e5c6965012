package io.dpone.testkit.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.ControlRead;
import io.dpone.clickhouse.cluster.authority.ControlStore;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import io.dpone.clickhouse.cluster.sql.ControlRow;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.testkit.simulator.sample.SampleDriver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The simulator's own invariants (simulator evidence): a seed and a schedule determine the whole
 * run, slow answers, paused, resumed and killed workers included, and KeeperMap versions only grow,
 * by exactly one per changing CAS.
 */
class SimulatorPropertiesTest {

    @Property(tries = 60)
    void theSameSeedAndScheduleReplayTheSameRun(@ForAll long seed, @ForAll("schedules") FaultSchedule schedule) {
        ClusterSimulator first =
                ClusterSimulator.builder().seed(seed).faults(schedule).build();
        ClusterSimulator second =
                ClusterSimulator.builder().seed(seed).faults(schedule).build();
        Map<String, WorkerOutcome<Boolean>> a = SimulatorSchedulingTest.race(first);
        Map<String, WorkerOutcome<Boolean>> b = SimulatorSchedulingTest.race(second);
        assertEquals(first.trace().digest(), second.trace().digest());
        assertEquals(first.observe().calls().records(), second.observe().calls().records());
        assertEquals(a.toString(), b.toString());
        assertEquals(
                first.observe().keeperMap(SampleDriver.KEEPER_ROOT),
                second.observe().keeperMap(SampleDriver.KEEPER_ROOT));
    }

    @Provide
    Arbitrary<FaultSchedule> schedules() {
        Arbitrary<PortCall> calls =
                Arbitraries.of(PortCall.CONTROL_INSERT, PortCall.CONTROL_CAS, PortCall.CONTROL_READ);
        Arbitrary<FaultSchedule.Rule> rules = Combinators.combine(
                        calls,
                        Arbitraries.of("w1", "w2"),
                        Arbitraries.integers().between(1, 2),
                        Arbitraries.integers().between(0, 12))
                .as(SimulatorPropertiesTest::rule);
        return rules.list().ofMaxSize(3).map(list -> {
            FaultSchedule.Builder builder = FaultSchedule.builder();
            list.forEach(rule -> builder.at(rule.step(), rule.fault()));
            return builder.build();
        });
    }

    /** One rule of kind {@code kind} at the {@code nth} {@code call} of {@code worker}; resumes and kills name the other worker. */
    private static FaultSchedule.Rule rule(PortCall call, String worker, int nth, int kind) {
        Step.Call step = Step.call(call).worker(worker).nth(nth);
        String other = worker.equals("w1") ? "w2" : "w1";
        return switch (kind) {
            case 0 -> new FaultSchedule.Rule(step, SimulatorFault.loseResponse());
            case 1 -> new FaultSchedule.Rule(step, SimulatorFault.failBeforeSend());
            case 2 -> new FaultSchedule.Rule(step, SimulatorFault.crashWorker());
            case 3 -> new FaultSchedule.Rule(step, SimulatorFault.pause(1));
            case 4 -> new FaultSchedule.Rule(step, SimulatorFault.kill(1));
            case 5 ->
                new FaultSchedule.Rule(
                        step, SimulatorFault.admin("uuid drift", admin -> admin.driftUuid(1, SampleDriver.CONTROL)));
            case 6 -> new FaultSchedule.Rule(step, SimulatorFault.slowAnswer(Duration.ofSeconds(2)));
            case 7 -> new FaultSchedule.Rule(step, SimulatorFault.pauseWorker(Duration.ofSeconds(3)));
            case 8 -> new FaultSchedule.Rule(step.afterEffect(), SimulatorFault.pauseWorker());
            case 9 -> new FaultSchedule.Rule(step, SimulatorFault.resumeWorker(other));
            case 10 ->
                new FaultSchedule.Rule(
                        step,
                        call == PortCall.CONTROL_INSERT ? SimulatorFault.loseResponse() : SimulatorFault.staleRead());
            case 11 ->
                new FaultSchedule.Rule(
                        step,
                        call == PortCall.CONTROL_READ
                                ? SimulatorFault.staleRead()
                                : SimulatorFault.keeperSessionLost(nth == 1));
            default -> new FaultSchedule.Rule(step, SimulatorFault.killWorker(other));
        };
    }

    /** One store operation: a strict insert, a CAS naming some version, or a read, through member 0 or 1. */
    record Operation(int kind, int member, long version, int phase) {}

    @Property(tries = 100)
    void keeperMapVersionsOnlyGrowByOnePerChangingCas(@ForAll("operations") List<Operation> operations) {
        ClusterSimulator simulator =
                ClusterSimulator.builder().seed(operations.size()).build();
        simulator
                .admin()
                .createDatabase(SampleDriver.DB)
                .createControlTable(SampleDriver.CONTROL, SampleDriver.KEEPER_ROOT);
        List<ControlStore> stores = List.of(
                simulator.worker("m0", 0).controlStore(SampleDriver.CONTROL),
                simulator.worker("m1", 1).controlStore(SampleDriver.CONTROL));
        String key = "k";
        long lastVersion = -1;
        String[] phases = {"PREPARED", "DISPATCHING", "COMMITTED"};
        int id = 0;
        for (Operation operation : operations) {
            ControlStore store = stores.get(operation.member());
            Optional<VersionedRow> before = read(store, key);
            String queryId = "q" + (id++);
            MutationOutcome outcome = switch (operation.kind()) {
                case 0 -> store.insertStrict(row(key, phases[operation.phase()]), queryId);
                case 1 ->
                    store.compareAndSwap(
                            new CasExpectation(key, operation.version(), "op", "fence", phases[operation.phase()]),
                            row(key, phases[(operation.phase() + 1) % 3]),
                            queryId);
                default -> null;
            };
            Optional<VersionedRow> after = read(stores.get(1 - operation.member()), key);
            if (after.isPresent()) {
                assertTrue(after.get().keeperVersion() >= lastVersion, "versions never decrease");
                lastVersion = after.get().keeperVersion();
            }
            if (operation.kind() == 0 && before.isPresent()) {
                assertEquals(999, ((MutationOutcome.Rejected) outcome).error().code());
                assertEquals(before, after, "a refused strict insert changes nothing");
            }
            if (operation.kind() == 1) {
                assertTrue(outcome instanceof MutationOutcome.Acknowledged, "a CAS is acknowledged, matching or not");
                boolean matches = before.isPresent()
                        && before.get().keeperVersion() == operation.version()
                        && before.get().row().phase().equals(phases[operation.phase()]);
                assertEquals(
                        matches
                                ? before.get().keeperVersion() + 1
                                : before.map(VersionedRow::keeperVersion).orElse(-1L),
                        after.map(VersionedRow::keeperVersion).orElse(-1L));
            }
        }
        assertEquals(
                operations.stream().filter(o -> o.kind() < 2).count(),
                simulator.observe().calls().count(StatementKind.KEEPER_MAP_INSERT)
                        + simulator.observe().calls().count(StatementKind.KEEPER_MAP_CAS));
    }

    @Provide
    Arbitrary<List<Operation>> operations() {
        return Combinators.combine(
                        Arbitraries.integers().between(0, 2),
                        Arbitraries.integers().between(0, 1),
                        Arbitraries.longs().between(0, 4),
                        Arbitraries.integers().between(0, 2))
                .as(Operation::new)
                .list()
                .ofMinSize(1)
                .ofMaxSize(20);
    }

    private static Optional<VersionedRow> read(ControlStore store, String key) {
        return ((ControlRead.Found) store.read(key, "read")).row();
    }

    private static ControlRow row(String key, String phase) {
        return new ControlRow(key, "op", "fence", phase, 0, "{}", "0".repeat(64));
    }
}
