package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Target drift under a running operation reaches the fenced abort (issue 19, finding 5), on two
 * real members (local ClickHouse 26.7 via libchdb, {@code internal_replication = false}): a member
 * is killed in the middle of its native load, so the operation stays STAGING with member 1 READY
 * and member 2's partial candidate recorded LOADING; member 2 comes back and its target is dropped
 * there (a real {@code DROP TABLE} on that member). On main b011c6b admission threw
 * CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN ("the target exists on some members only") on every run,
 * with no receipt and no way to abort (verified red there on the simulator by
 * {@code FencedStateWayOutTest}; this real-member test was written with the fix and not run on the
 * old code). Now the same invocation's run aborts: exactly the owned
 * candidates dropped on both members, ABORTED with that code, nothing published. No
 * {@code ON CLUSTER} statement is reached.
 */
@ClickHouseCluster(members = 2, internalReplication = false)
class RealExternalTargetDriftTest {
    @TempDir
    Path directory;

    @Test
    void theTargetDroppedOnOneMemberDuringStagingAbortsTheOperationWithAReceipt(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget(TrickyArtifact.columnsDdl());
            HookedSessions[] hook = new HookedSessions[1];
            rig.batchRows(2)
                    .sessions(real -> hook[0] = new HookedSessions(
                            real,
                            cluster.member(1).endpoint().nativePort(),
                            HookedSessions.Moment.AFTER_ROWS,
                            4,
                            () -> cluster.member(1).kill()));
            PublicationReceipt interrupted = rig.publish("run-drop", TrickyArtifact.source(directory));
            assertTrue(hook[0].fired());
            assertEquals(
                    PublicationOutcome.PREPARED,
                    interrupted.outcome(),
                    interrupted.detail().toString());
            assertEquals(
                    MemberStage.LOADING,
                    ExternalAssertions.record(rig, "run-drop")
                            .payload()
                            .members()
                            .get(1)
                            .stage());

            cluster.member(1).restart();
            rig.admin(1).execute("DROP TABLE " + rig.target().render() + " SYNC");
            rig.sessions(real -> real);
            PublicationReceipt aborted = rig.publish("run-drop", TrickyArtifact.source(directory));

            assertEquals(
                    PublicationOutcome.ABORTED,
                    aborted.outcome(),
                    aborted.detail().toString());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN), aborted.errorCode());
            assertEquals(
                    ExternalPhase.ABORTED,
                    ExternalAssertions.record(rig, "run-drop").phase());
            ExternalAssertions.noMemberHas(rig, rig.operation("run-drop").candidate());
            ExternalAssertions.valueFree(aborted, rig);
        }
    }
}
