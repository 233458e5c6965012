package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * External mode's lock over a finished record, when the CAS applied but its post-read decided a
 * conflict and the one re-read proves nothing (issue 18's rule, as internal mode's
 * {@link LaggingFollowerRereadTest}): member 0's Keeper session is lost right after the CAS applied
 * and its new one attaches to a follower that lags behind it, so the post-read shows the replaced
 * COMPLETED record of another operation (a post-read-decided conflict) and the re-read shows that
 * version again or fails. The slot holds LOCKED for this operation, so the invocation ends in an
 * {@code unknown} receipt with {@code CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN} (spec 000 section
 * 3 steps 7-9: no permit, nothing more sent), never "another worker took the slot" with
 * {@code AUTHORITY_CONFLICT}; the rerun of the same invocation resumes its LOCKED record and
 * publishes (simulator evidence).
 */
class ExternalUnprovenLockTest {
    static Stream<Arguments> rereads() {
        return Stream.of(
                Arguments.of("served by the lagging follower", (Supplier<SimulatorFault>) SimulatorFault::staleRead),
                Arguments.of("unreadable", (Supplier<SimulatorFault>) SimulatorFault::failBeforeSend));
    }

    @ParameterizedTest(name = "re-read {0}")
    @MethodSource("rereads")
    void aLockWhoseConflictTheReReadCannotProveEndsUnknownWithAReceiptAndTheRerunPublishes(
            String label, Supplier<SimulatorFault> reread) {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(43)
                .internalReplication(false)
                .build();
        InvariantChecker checker = ExternalInvariants.checker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        try (SimulatedExternalCluster cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE)) {
            ExternalDriver driver = new ExternalDriver(cluster);
            cluster.createDatabases(
                    PublicationDriver.TARGET.database(),
                    PublicationDriver.FACADE.control().database());
            assertEquals(
                    Optional.of(PublicationOutcome.COMMITTED),
                    driver.publish("w1", "nightly-A", 3).outcome());
            AtomicLong beforeLock = new AtomicLong(-1);
            Step.Call lock = Step.call(PortCall.CONTROL_CAS)
                    .worker("w2")
                    .kind(StatementKind.KEEPER_MAP_CAS)
                    .nth(1);
            simulator.arm(lock, SimulatorFault.admin("note the log index", a -> beforeLock.set(a.keeperLogIndex())));
            simulator.arm(
                    lock.afterEffect(),
                    SimulatorFault.admin(
                            "member 0's session re-attached to a lagging follower",
                            a -> a.loseKeeperSessionToLaggingFollower(0, beforeLock.get())));
            // w2's first slot read is its start; the second the lock's post-read, the third the re-read
            simulator.arm(Step.call(PortCall.CONTROL_READ).worker("w2").nth(2), SimulatorFault.staleRead());
            simulator.arm(Step.call(PortCall.CONTROL_READ).worker("w2").nth(3), reread.get());
            long callsBefore = simulator.observe().calls().records().size();

            Attempt unproven = driver.publish("w2", "nightly-B", 4);

            assertInstanceOf(Attempt.Receipt.class, unproven, () -> "a receipt (exit 7), never " + unproven.summary());
            assertEquals(Optional.of(PublicationOutcome.UNKNOWN), unproven.outcome(), unproven.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN), unproven.code());
            assertTrue(unproven.summary().contains("re-read"), unproven.summary());
            assertEquals(ExternalPhase.LOCKED, driver.record("nightly-B").phase(), "the lock CAS took effect");
            assertEquals(
                    List.of(PortCall.CONTROL_CAS),
                    simulator.observe().calls().records().stream()
                            .skip(callsBefore)
                            .map(r -> r.call())
                            .filter(PortCall::isMutation)
                            .toList(),
                    "the lock CAS is the only write: nothing created or dropped on any member");

            Attempt rerun = driver.publish("w3", "nightly-B", 4);

            assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
            assertEquals(ExternalPhase.COMPLETED, driver.record("nightly-B").phase());
            assertEquals(List.of(), checker.violations());
        }
    }
}
