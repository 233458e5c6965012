package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * An operation left in STAGING by a release before per-attempt names (issue 19): that release
 * created and loaded a member's candidate under the candidate name itself, so a rerun by this
 * release finds the member LOADING with its recorded UUID under the candidate name and a partial
 * content (simulator evidence: two members, an existing target). The older release's state is made
 * exactly: this release records member 2's UUID LOADING and its CREATE does not land; the
 * simulator's admin then creates that UUID's table under the candidate name with two of the three
 * rows, as the older release's loader left it.
 *
 * <p>Red on main c884450: every rerun ended CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED with
 * nothing dropped, a dead end only an operator's manual drop could leave. Now the member is
 * UNPROMOTED: the operation is aborted (STAGING_FAILED), whose fenced cleanup drops exactly that
 * recorded UUID's table; the next operation publishes; nothing else is dropped.
 */
class PreUpgradeStagingTest {
    @Test
    void aPartialCandidateAnOlderReleaseLoadedUnderTheCandidateNameIsAbortedAndDroppedByItsRecordedUuid() {
        try (ExistingTargetFixture fixture = new ExistingTargetFixture(41)) {
            rerunAbortsAndDrops(fixture, fixture.recordedWithoutItsCreate("w1", "nightly-A"));
        }
    }

    private static void rerunAbortsAndDrops(ExistingTargetFixture fixture, UUID recorded) {
        TableRef candidate = fixture.driver.candidate("nightly-A");
        assertEquals(
                0,
                fixture.simulator
                        .admin()
                        .createTable(1, candidate, ExistingTargetFixture.CANDIDATE_SHAPE, recorded)
                        .code());
        fixture.simulator.admin().insertRows(1, candidate, 2);

        Attempt rerun = fixture.driver.publish("w2", "nightly-A", 3);

        assertEquals(Optional.of(PublicationOutcome.ABORTED), rerun.outcome(), rerun.summary());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED), rerun.code(), rerun.summary());
        assertEquals(ExternalPhase.ABORTED, fixture.driver.record("nightly-A").phase());
        assertEquals(
                MemberStage.DISCARDED,
                fixture.driver.record("nightly-A").payload().members().get(1).stage());
        assertEquals(Optional.empty(), fixture.cluster.uuid(1, candidate), "dropped by its recorded UUID");
        assertEquals(2, fixture.cluster.rows(0, PublicationDriver.TARGET), "the target is untouched");

        Attempt next = fixture.driver.publish("w3", "nightly-B", 4);

        assertEquals(Optional.of(PublicationOutcome.COMMITTED), next.outcome(), next.summary());
        assertEquals(List.of(), fixture.checker.violations(), "only the recorded UUID was dropped");
    }
}
