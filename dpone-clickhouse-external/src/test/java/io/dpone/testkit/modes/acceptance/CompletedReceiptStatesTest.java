package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.InternalScenarios;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.Scenario;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Narrator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A committed receipt shows every member in its final state, {@code COMPLETED} (the desired
 * generation under the target's name and no candidate left), never the classifier's in-flight
 * {@code CLEANUP_PENDING}, which reads as unfinished work next to "published and cleaned up on every
 * member" (issue 21). Every acceptance scenario of both modes, on the deterministic simulator.
 * red on main b011c6b: 24 committed internal receipts across the demo's scenarios listed every
 * replica as CLEANUP_PENDING, and so did every committed external receipt of an existing target.
 */
class CompletedReceiptStatesTest {
    private static final long SEED = 20261130L;

    static Stream<String> internalScenarios() {
        return InternalScenarios.withDdlWorker().stream().map(Scenario::name);
    }

    static Stream<String> externalScenarios() {
        return ExternalScenarios.all().stream().map(ExternalScenario::name);
    }

    @ParameterizedTest
    @MethodSource("internalScenarios")
    void internalCommittedReceiptsShowEveryReplicaCompleted(String name) {
        Scenario scenario = InternalScenarios.named(name).orElseThrow();
        try (SimulatedCluster cluster = SimulatedCluster.of(scenario.members(), SEED, PublicationDriver.FACADE)) {
            List<Attempt> attempts = new ArrayList<>(scenario.run(cluster, Narrator.SILENT));
            attempts.add(new PublicationDriver(cluster).status("status-reader", InternalScenarios.INVOCATION));
            assertCompleted(name, attempts);
        }
    }

    @ParameterizedTest
    @MethodSource("externalScenarios")
    void externalCommittedReceiptsShowEveryMemberCompleted(String name) {
        ExternalScenario scenario = ExternalScenarios.named(name).orElseThrow();
        try (SimulatedExternalCluster cluster =
                SimulatedExternalCluster.of(scenario.members(), SEED, PublicationDriver.FACADE)) {
            assertCompleted(name, scenario.run(cluster, Narrator.SILENT));
        }
    }

    /**
     * Per-phase durations and waits, read from the service's clock port: on the simulator's virtual
     * clock the same scenario gives the same numbers every run, the phases tile the invocation, and
     * a replica that is slow to replicate shows up as waited time. red on main b011c6b: receipts
     * carried no timings.
     */
    @ParameterizedTest
    @MethodSource("internalScenarios")
    void internalReceiptsTimeEveryPhaseOnTheServiceClock(String name) {
        List<Map<String, Object>> first = timings(name);
        assertEquals(first, timings(name), name + ": the same scenario, the same virtual times");
        for (Map<String, Object> timing : first) {
            List<Map<String, Object>> phases = rows(timing.get("phases"));
            assertFalse(phases.isEmpty(), name + ": " + timing);
            assertEquals("admission", phases.get(0).get("phase"), name);
            long sum = phases.stream()
                    .mapToLong(p -> ((Number) p.get("duration_ms")).longValue())
                    .sum();
            assertEquals(((Number) timing.get("total_ms")).longValue(), sum, name + ": phases tile the run " + timing);
            phases.forEach(p -> assertTrue(
                    ((Number) p.get("waited_ms")).longValue() <= ((Number) p.get("duration_ms")).longValue(),
                    name + ": waited within its phase " + p));
        }
        if (name.equals("slow-replica")) {
            assertTrue(
                    first.stream()
                            .flatMap(t -> rows(t.get("phases")).stream())
                            .anyMatch(p -> ((Number) p.get("waited_ms")).longValue() > 0
                                    && ((Number) p.get("waits")).longValue() > 0),
                    "a slow replica is waited for: " + first);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> timings(String name) {
        Scenario scenario = InternalScenarios.named(name).orElseThrow();
        try (SimulatedCluster cluster = SimulatedCluster.of(scenario.members(), SEED, PublicationDriver.FACADE)) {
            List<Map<String, Object>> timings = new ArrayList<>();
            for (Attempt attempt : scenario.run(cluster, Narrator.SILENT)) {
                if (attempt instanceof Attempt.Receipt receipt) {
                    Map<String, Object> detail = receipt.receipt().detail();
                    if (detail.get("record_times") instanceof Map<?, ?> times && times.containsKey("in_phase_ms")) {
                        continue; // a status read within the scenario: the record's times, no phases of its own
                    }
                    assertTrue(
                            detail.get("timings") instanceof Map<?, ?>,
                            name + ": a publication receipt carries timings");
                    timings.add((Map<String, Object>) detail.get("timings"));
                }
            }
            Attempt status = new PublicationDriver(cluster).status("status-reader", InternalScenarios.INVOCATION);
            if (status instanceof Attempt.Receipt read
                    && read.receipt().detail().containsKey("phase")) {
                assertTrue(
                        read.receipt().detail().get("record_times") instanceof Map<?, ?> times
                                && times.containsKey("in_phase_ms"),
                        name + ": status says how long the phase has stood");
            }
            return timings;
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> rows(Object list) {
        return (List<Map<String, Object>>) list;
    }

    private static void assertCompleted(String name, List<Attempt> attempts) {
        for (Attempt attempt : attempts) {
            if (attempt.outcome().orElse(null) != PublicationOutcome.COMMITTED) {
                continue;
            }
            PublicationReceipt receipt = attempt.receipt();
            Map<Long, String> states = attempt.memberStates();
            assertFalse(states.isEmpty(), name + ": a committed receipt names its members");
            states.forEach((replica, state) -> assertEquals(
                    "COMPLETED",
                    state,
                    name + ": replica " + replica + " of a committed receipt: " + receipt.detail()));
        }
    }
}
