package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 19 finding 1: a stale worker's batches must never land in a candidate another attempt
 * proved, and a stale replacement must never drop one (simulator evidence: per-statement name
 * resolution of direct member inserts, paused workers).
 *
 * <p>Red on main 8d206b4 with the simulator resolving each INSERT statement's table when it starts
 * (a1b6a66; verified by running them against 8d206b4's staging code): in the first schedule worker
 * A's remaining blocks land in the candidate B proved and publishes, the receipt says committed and
 * member 0's target holds 8 rows for an artifact of 5; in the second, B's stale drop-by-name removes the candidate C proved just before C's EXCHANGE
 * reaches member 0, which ends terminal partial.
 */
class StaleLoaderWriteTest {
    @Test
    void aStaleLoadersRemainingBatchesNeverReachTheCandidateAnotherAttemptProvedAndPublishes() {
        try (StaleWorkerRig rig = new StaleWorkerRig(41)) {
            // A records member 0 LOADING with its UUID, sends its first block, and stalls right after it
            rig.at(Step.call(PortCall.MEMBER_INSERT).worker("A").member(0).afterEffect(), SimulatorFault.pauseWorker())
                    // B reruns, replaces A's partial candidate, proves its own, stages member 1 and dispatches;
                    // member 0's DDL worker is held so that A's next block is sent before the EXCHANGE runs there
                    .at(
                            Step.call(PortCall.DDL_DISPATCH).worker("B").kind(StatementKind.DDL_EXCHANGE),
                            SimulatorFault.admin("member 0's DDL worker held", admin -> admin.stallDdl(0)))
                    .at(
                            Step.call(PortCall.DDL_DISPATCH).worker("B").kind(StatementKind.DDL_EXCHANGE),
                            SimulatorFault.resumeWorker("A"))
                    .at(
                            Step.call(PortCall.MEMBER_INSERT)
                                    .worker("A")
                                    .member(0)
                                    .nth(2),
                            SimulatorFault.admin("member 0's DDL worker released", admin -> admin.releaseDdl(0)))
                    .worker("A", Duration.ZERO)
                    .worker("B", Duration.ofMinutes(1));

            Map<String, Attempt> attempts = rig.race();

            Attempt publisher = attempts.get("B");
            assertEquals(Optional.of(PublicationOutcome.COMMITTED), publisher.outcome(), publisher.summary());
            rig.assertTargetsHoldTheArtifact();
            rig.assertNoViolation();
        }
    }

    @Test
    void aStaleReplacementNeverDropsTheCandidateANewerRunProvedBeforeItsDispatch() {
        try (StaleWorkerRig rig = new StaleWorkerRig(43)) {
            // A stalls after its first block into member 0's candidate
            rig.at(Step.call(PortCall.MEMBER_INSERT).worker("A").member(0).nth(2), SimulatorFault.pauseWorker())
                    // B decides to replace A's partial candidate, writes its fence, and stalls before its drop;
                    // A wakes meanwhile and completes its load (its own READY write then loses against B's fence)
                    .at(Step.call(PortCall.MEMBER_DROP).worker("B"), SimulatorFault.resumeWorker("A"))
                    .at(Step.call(PortCall.MEMBER_DROP).worker("B"), SimulatorFault.pauseWorker())
                    // C, a newer run, accepts the complete candidate, stages member 1 and dispatches; B wakes
                    // and sends its drop while member 0's DDL worker is held before the EXCHANGE
                    .at(
                            Step.call(PortCall.DDL_DISPATCH).worker("C").kind(StatementKind.DDL_EXCHANGE),
                            SimulatorFault.admin("member 0's DDL worker held", admin -> admin.stallDdl(0)))
                    .at(
                            Step.call(PortCall.DDL_DISPATCH).worker("C").kind(StatementKind.DDL_EXCHANGE),
                            SimulatorFault.resumeWorker("B"))
                    .at(
                            Step.call(PortCall.MEMBER_DROP).worker("B").afterEffect(),
                            SimulatorFault.admin("member 0's DDL worker released", admin -> admin.releaseDdl(0)))
                    .worker("A", Duration.ZERO)
                    .worker("B", Duration.ofMinutes(1))
                    .worker("C", Duration.ofMinutes(5));

            Map<String, Attempt> attempts = rig.race();

            Attempt publisher = attempts.get("C");
            assertEquals(Optional.of(PublicationOutcome.COMMITTED), publisher.outcome(), publisher.summary());
            rig.assertTargetsHoldTheArtifact();
            rig.assertNoViolation();
        }
    }
}
