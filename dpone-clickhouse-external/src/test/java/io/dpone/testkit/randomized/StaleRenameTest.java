package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.identity.ExternalIdentities;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A promotion's local {@code RENAME TABLE <attempt> TO <candidate>} sent late (simulator evidence,
 * {@link StaleWorkerRig}): worker A records member 0 READY and stalls right before its rename. A
 * rename is only ever sent for a READY attempt, and READY is never superseded, so no rename of a
 * tried attempt is ever sent; what a late one can meet is an abort sweeping the operation's tables
 * or another run that promoted the same attempt already.
 */
class StaleRenameTest {
    /**
     * B aborts the fenced operation (member 1's target recreated); A's rename lands between B's read
     * of member 0's attempt name and its drop there. Red with the sweep reading the candidate name
     * first, as the abort of ext-stale fcdaa09 did (checked by swapping the order back): the rename
     * moved u1 to the candidate name after it was read absent, and ABORTED left it there.
     */
    @Test
    void aRenameLandingWhileTheAbortSweepsIsFoundUnderTheCandidateNameAndDropped() {
        try (StaleWorkerRig rig = new StaleWorkerRig(51)) {
            rig.at(
                            Step.call(PortCall.MEMBER_RENAME).worker("A").member(0),
                            SimulatorFault.admin(
                                    "member 1's target recreated",
                                    admin -> admin.driftUuid(1, PublicationDriver.TARGET)))
                    .at(Step.call(PortCall.MEMBER_RENAME).worker("A").member(0), SimulatorFault.pauseWorker())
                    .at(Step.call(PortCall.MEMBER_DROP).worker("B").member(0), SimulatorFault.resumeWorker("A"))
                    .at(Step.call(PortCall.MEMBER_DROP).worker("B").member(0), SimulatorFault.pauseWorker())
                    .at(
                            Step.call(PortCall.MEMBER_RENAME)
                                    .worker("A")
                                    .member(0)
                                    .afterEffect(),
                            SimulatorFault.resumeWorker("B"))
                    .worker("A", Duration.ZERO)
                    .worker("B", Duration.ofMinutes(1));

            Map<String, Attempt> attempts = rig.race();

            Attempt abort = attempts.get("B");
            assertEquals(Optional.of(PublicationOutcome.ABORTED), abort.outcome(), abort.summary());
            assertEquals(
                    ExternalPhase.ABORTED,
                    rig.driver.record(StaleWorkerRig.INVOCATION).phase());
            UUID u1 = rig.driver
                    .record(StaleWorkerRig.INVOCATION)
                    .payload()
                    .members()
                    .get(0)
                    .candidateUuid();
            TableRef candidate = rig.driver.candidate(StaleWorkerRig.INVOCATION);
            assertEquals(
                    Optional.empty(),
                    rig.cluster.uuid(0, candidate),
                    "no proven attempt is left under the candidate name");
            assertEquals(Optional.empty(), rig.cluster.uuid(0, attempt(candidate, u1)));
            rig.assertNoViolation();
        }
    }

    /** B promotes A's READY attempt itself and publishes; A's late rename is refused and moves nothing. */
    @Test
    void aLateRenameOfAnAttemptAnotherRunPromotedIsRefusedAndHarmless() {
        try (StaleWorkerRig rig = new StaleWorkerRig(53)) {
            rig.at(Step.call(PortCall.MEMBER_RENAME).worker("A").member(0), SimulatorFault.pauseWorker())
                    .at(
                            Step.call(PortCall.DDL_DISPATCH).worker("B").kind(StatementKind.DDL_EXCHANGE),
                            SimulatorFault.resumeWorker("A"))
                    .worker("A", Duration.ZERO)
                    .worker("B", Duration.ofMinutes(1));

            Map<String, Attempt> attempts = rig.race();

            Attempt publisher = attempts.get("B");
            assertEquals(Optional.of(PublicationOutcome.COMMITTED), publisher.outcome(), publisher.summary());
            rig.assertTargetsHoldTheArtifact();
            rig.assertNoViolation();
        }
    }

    private static TableRef attempt(TableRef candidate, UUID uuid) {
        return new TableRef(candidate.database(), ExternalIdentities.attemptName(candidate.table(), uuid));
    }
}
