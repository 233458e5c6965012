package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A way out of every fenced state, and a receipt for every run after the lock (issue 19, finding
 * 5), on the simulator (simulator evidence: two members, internal_replication = false, an existing
 * target). The operation is first left in STAGING (member 1 READY, member 2 recorded LOADING, its
 * CREATE not sent); then the cluster drifts, or the run fails inside, before its own invocation
 * runs again.
 *
 * <p>Red on main b011c6b: admission refused the drift by throwing (SOURCE_TYPE_UNSUPPORTED for
 * the added column, CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN for the target dropped on one member,
 * CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE for the member down) before the fenced abort
 * was reached, so the operation could never abort and its run had no receipt; an
 * IllegalStateException or OutOfMemoryError thrown inside resume escaped without a receipt.
 */
class FencedStateWayOutTest {
    private ExistingTargetFixture fixture;
    private ClusterSimulator simulator;
    private InvariantChecker checker;
    private SimulatedExternalCluster cluster;
    private ExternalDriver driver;

    private void stagingWithOneMemberPending(long seed) {
        fixture = new ExistingTargetFixture(seed);
        simulator = fixture.simulator;
        checker = fixture.checker;
        cluster = fixture.cluster;
        driver = fixture.driver;
        simulator.arm(Step.call(PortCall.MEMBER_CREATE).member(1).nth(1), SimulatorFault.failBeforeSend());
        Attempt stopped = driver.publish("w1", "nightly-A", 3);
        assertEquals(Optional.of(PublicationOutcome.PREPARED), stopped.outcome(), stopped.summary());
        assertEquals(ExternalPhase.STAGING, driver.record("nightly-A").phase());
        assertTrue(cluster.uuid(0, driver.candidate("nightly-A")).isPresent(), "member 1's candidate is staged");
    }

    @AfterEach
    void closeCluster() {
        if (fixture != null) {
            fixture.close();
        }
    }

    /** The drifted operation ends ABORTED after exact owned cleanup, with a receipt, and a new invocation publishes. */
    private void abortedWithItsCandidatesDropped(Attempt attempt, DponeErrorCode code) {
        Attempt.Receipt receipt = assertInstanceOf(Attempt.Receipt.class, attempt, attempt.summary());
        assertEquals(PublicationOutcome.ABORTED, receipt.receipt().outcome(), attempt.summary());
        assertEquals(Optional.of(code), attempt.code());
        assertEquals(ExternalPhase.ABORTED, driver.record("nightly-A").phase());
        for (int member = 0; member < 2; member++) {
            assertEquals(
                    Optional.empty(), cluster.uuid(member, driver.candidate("nightly-A")), "owned candidate dropped");
        }
        assertEquals(List.of(), checker.violations());
    }

    @Test
    void aColumnOfAnUnsupportedTypeAddedDuringStagingAbortsTheOperation() {
        stagingWithOneMemberPending(41);
        for (int member = 0; member < 2; member++) {
            simulator
                    .admin()
                    .driftColumns(
                            member,
                            PublicationDriver.TARGET,
                            List.of(
                                    ColumnSpec.of("id", "UInt64"),
                                    ColumnSpec.of("v", "String"),
                                    ColumnSpec.of("total", "AggregateFunction(sum, UInt64)")));
        }

        Attempt rerun = driver.publish("w2", "nightly-A", 3);

        abortedWithItsCandidatesDropped(rerun, DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN);
    }

    @Test
    void theTargetDroppedOnOneMemberDuringStagingAbortsTheOperation() {
        stagingWithOneMemberPending(42);
        assertEquals(
                0, simulator.admin().dropIfExists(1, PublicationDriver.TARGET).code());

        Attempt rerun = driver.publish("w2", "nightly-A", 3);

        abortedWithItsCandidatesDropped(rerun, DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN);
        Attempt next = driver.publish("w3", "nightly-B", 3);
        assertEquals(
                Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN),
                next.code(),
                "a new operation is refused at admission (nothing locked) until the target is made whole: "
                        + next.summary());
        assertInstanceOf(Attempt.Refused.class, next);
    }

    @Test
    void aMemberDownWhenTheOperationResumesEndsInAReceiptAndTheOperationWaitsForIt() {
        stagingWithOneMemberPending(43);
        simulator.admin().kill(1);

        Attempt down = driver.publish("w2", "nightly-A", 3);

        Attempt.Receipt receipt = assertInstanceOf(Attempt.Receipt.class, down, down.summary());
        assertEquals(PublicationOutcome.PREPARED, receipt.receipt().outcome(), down.summary());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE), down.code());
        assertEquals(ExternalPhase.STAGING, driver.record("nightly-A").phase(), "the record stays");
        simulator.admin().restart(1);
        simulator.advance(java.time.Duration.ofMinutes(1));
        Attempt back = driver.publish("w3", "nightly-A", 3);
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), back.outcome(), back.summary());
        assertEquals(List.of(), checker.violations());
    }

    @Test
    void anIllegalStateExceptionInsideResumeEndsInAReceiptAndTheRecordStays() {
        throwsInsideResume(44, () -> new IllegalStateException("injected defect"));
    }

    @Test
    void anOutOfMemoryErrorInsideResumeEndsInABestEffortReceiptAndTheRecordStays() {
        throwsInsideResume(45, () -> new OutOfMemoryError("injected"));
    }

    private void throwsInsideResume(long seed, Supplier<Throwable> failure) {
        stagingWithOneMemberPending(seed);
        simulator.arm(
                Step.call(PortCall.MEMBER_CREATE).member(1).nth(1),
                SimulatorFault.admin("throws inside resume", admin -> {
                    Throwable thrown = failure.get();
                    if (thrown instanceof RuntimeException runtime) {
                        throw runtime;
                    }
                    throw (Error) thrown;
                }));

        Attempt failed = driver.publish("w2", "nightly-A", 3);

        Attempt.Receipt receipt = assertInstanceOf(Attempt.Receipt.class, failed, failed.summary());
        assertEquals(PublicationOutcome.UNKNOWN, receipt.receipt().outcome(), failed.summary());
        assertEquals(Optional.of(DponeErrorCode.HOST_INTERNAL_ERROR), failed.code());
        assertEquals(ExternalPhase.STAGING, driver.record("nightly-A").phase(), "the record stays");
        Attempt again = driver.publish("w3", "nightly-A", 3);
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), again.outcome(), again.summary());
        assertEquals(List.of(), checker.violations());
    }
}
