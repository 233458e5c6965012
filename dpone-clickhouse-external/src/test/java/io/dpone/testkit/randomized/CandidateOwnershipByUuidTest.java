package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
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
import io.dpone.testkit.simulator.TableSpec;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Candidates are owned by UUID, never by name (audit-12 gap 1; spec 001: "replace only an owned
 * unpublished partial candidate"), on the simulator (simulator evidence, two members,
 * internal_replication = false), with {@link InvariantChecker} watching every drop. Before
 * the candidate UUID was recorded first, a table under the candidate name with no recorded UUID
 * was replaced (staging) or dropped (abort) on the strength of its name alone.
 */
class CandidateOwnershipByUuidTest {
    private static final UUID FOREIGN = UUID.fromString("0b7e5a52-1c2d-4e3f-8a9b-0c1d2e3f4a5b");

    private ClusterSimulator simulator;
    private InvariantChecker checker;
    private SimulatedExternalCluster cluster;
    private ExternalDriver driver;

    private StaleWorkerRig rig;

    private void start(long seed) {
        rig = new StaleWorkerRig(seed);
        simulator = rig.simulator;
        checker = rig.checker;
        cluster = rig.cluster;
        driver = rig.driver;
    }

    @AfterEach
    void closeCluster() {
        if (rig != null) {
            rig.close();
        }
    }

    private void foreignTableUnderTheCandidateName(int member) {
        TableRef candidate = driver.candidate("nightly-A");
        assertEquals(
                0,
                simulator
                        .admin()
                        .createTable(member, candidate, TableSpec.mergeTreeEvents(), FOREIGN)
                        .code());
    }

    @Test
    void stagingDivergesOnATableWhoseUuidWasNeverRecordedAndDropsNothing() {
        start(5);
        foreignTableUnderTheCandidateName(0);

        Attempt first = driver.publish("w1", "nightly-A", 3);
        Attempt again = driver.publish("w2", "nightly-A", 3);

        for (Attempt attempt : List.of(first, again)) {
            assertEquals(Optional.of(PublicationOutcome.UNKNOWN), attempt.outcome(), attempt.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED), attempt.code());
        }
        assertEquals(Optional.of(FOREIGN), cluster.uuid(0, driver.candidate("nightly-A")), "left in place");
        assertEquals(ExternalPhase.STAGING, driver.record("nightly-A").phase());
        assertEquals(List.of(), checker.violations());
    }

    @Test
    void anAbortLeavesATableWhoseUuidWasNeverRecordedInPlaceAndStillEndsAborted() {
        start(62);
        foreignTableUnderTheCandidateName(1);
        // member 0's insert is refused FATAL (its target's column renamed before the candidate was created AS it)
        simulator.arm(
                Step.call(PortCall.MEMBER_CREATE).member(0).nth(1),
                SimulatorFault.admin(
                        "a column renamed on member 0",
                        admin -> admin.driftColumns(
                                0,
                                PublicationDriver.TARGET,
                                List.of(ColumnSpec.of("id", "UInt64"), ColumnSpec.of("w", "String")))));

        Attempt attempt = driver.publish("w1", "nightly-A", 3);

        assertEquals(Optional.of(PublicationOutcome.ABORTED), attempt.outcome(), attempt.summary());
        ExternalRecord record = driver.record("nightly-A");
        assertEquals(ExternalPhase.ABORTED, record.phase());
        assertEquals(Optional.empty(), cluster.uuid(0, driver.candidate("nightly-A")), "the owned candidate dropped");
        assertEquals(
                Optional.of(FOREIGN),
                cluster.uuid(1, driver.candidate("nightly-A")),
                "the foreign table left in place");
        assertEquals(
                MemberStage.PENDING, record.payload().members().get(1).stage(), "nothing of this operation was there");
        assertTrue(cluster.store().holders(record.payload().artifact().sha256()).isEmpty(), "released after ABORTED");
        assertEquals(List.of(), checker.violations());
    }

    @Test
    void aRestartAfterTheLoadingWriteButBeforeTheCreateLoadsAgainUnderAFreshRecordedUuid() {
        start(9);
        // the CREATE never reaches member 1: its UUID is recorded LOADING, nothing holds the name
        simulator.arm(Step.call(PortCall.MEMBER_CREATE).member(1).nth(1), SimulatorFault.failBeforeSend());

        Attempt stopped = driver.publish("w1", "nightly-A", 3);
        MemberRecord recorded = driver.record("nightly-A").payload().members().get(1);
        Attempt rerun = driver.publish("w1", "nightly-A", 3);

        assertEquals(Optional.of(PublicationOutcome.PREPARED), stopped.outcome(), stopped.summary());
        assertEquals(MemberStage.LOADING, recorded.stage());
        assertEquals(Optional.empty(), cluster.uuid(1, driver.candidate("nightly-A")));
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
        MemberRecord published = driver.record("nightly-A").payload().members().get(1);
        assertNotEquals(
                recorded.candidateUuid(), published.candidateUuid(), "a fresh UUID, recorded again before its CREATE");
        assertEquals(List.of(), checker.violations());
    }

    @Test
    void aRestartAfterTheCreateReplacesTheTableUnderTheRecordedUuid() {
        start(11);
        // the CREATE ran on member 1 but its answer was lost: the attempt name holds the recorded UUID, empty
        simulator.arm(Step.call(PortCall.MEMBER_CREATE).member(1).nth(1), SimulatorFault.loseResponse());

        Attempt stopped = driver.publish("w1", "nightly-A", 3);
        MemberRecord recorded = driver.record("nightly-A").payload().members().get(1);
        assertEquals(
                Optional.of(recorded.candidateUuid()),
                cluster.uuid(1, driver.attempt("nightly-A", recorded.candidateUuid())));
        assertEquals(
                Optional.empty(),
                cluster.uuid(1, driver.candidate("nightly-A")),
                "the candidate name holds only a proven attempt");
        Attempt rerun = driver.publish("w1", "nightly-A", 3);

        assertEquals(Optional.of(PublicationOutcome.PREPARED), stopped.outcome(), stopped.summary());
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
        assertEquals(List.of(), checker.violations(), "the replacement dropped exactly the recorded UUID");
    }
}
