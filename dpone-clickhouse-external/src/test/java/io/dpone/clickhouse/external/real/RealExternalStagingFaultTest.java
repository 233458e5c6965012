package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * STAGING under real faults on two real members (local ClickHouse 26.7 via libchdb,
 * {@code internal_replication = false}): a member killed in the middle of its native load, then a
 * same-operation restart that accepts the other member's exact candidate and replaces only the
 * owned partial one (its UUID, recorded before its {@code CREATE ... UUID}); a table under the
 * candidate name whose UUID was never recorded, never dropped; a row changed on a member's
 * candidate before STAGED, caught as divergence;
 * nothing published in either failing case. The cluster DDL fan-out is {@code EmulatedClusterDdl}
 * (testkit), as the harness cannot run {@code ON CLUSTER}; no publication statement is reached in
 * the failing cases.
 */
@ClickHouseCluster(members = 2, internalReplication = false)
class RealExternalStagingFaultTest {
    @TempDir
    Path directory;

    @Test
    void aMemberKilledMidLoadIsResumedByReplacingOnlyItsOwnedPartialCandidate(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget(TrickyArtifact.columnsDdl());
            List<UUID> targets = targetUuids(rig);
            HookedSessions[] hook = new HookedSessions[1];
            rig.batchRows(2)
                    .sessions(real -> hook[0] = new HookedSessions(
                            real,
                            cluster.member(1).endpoint().nativePort(),
                            HookedSessions.Moment.AFTER_ROWS,
                            4,
                            () -> cluster.member(1).kill()));
            PublicationReceipt interrupted = rig.publish("run-kill", TrickyArtifact.source(directory));
            assertTrue(hook[0].fired());
            assertEquals(
                    PublicationOutcome.PREPARED,
                    interrupted.outcome(),
                    interrupted.detail().toString());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED), interrupted.errorCode());
            ExternalRecord staging = ExternalAssertions.record(rig, "run-kill");
            assertEquals(ExternalPhase.STAGING, staging.phase());
            MemberRecord first = staging.payload().members().get(0);
            MemberRecord second = staging.payload().members().get(1);
            assertEquals(MemberStage.READY, first.stage());
            assertEquals(MemberStage.LOADING, second.stage());

            cluster.member(1).restart();
            TableRef attempt = rig.operation("run-kill").attempt(second.candidateUuid());
            long partial = ((CatalogRead.Observed<Long>) session(rig, 1).rowCount(attempt)).facts();
            assertTrue(
                    partial > 0 && partial < TrickyArtifact.lines().size(), "the killed load left a partial attempt");
            assertEquals(
                    second.candidateUuid(),
                    assertInstanceOf(TableState.Present.class, ExternalAssertions.table(session(rig, 1), attempt))
                            .uuid(),
                    "the partial attempt carries exactly the UUID recorded before its CREATE");
            assertInstanceOf(
                    TableState.Absent.class,
                    ExternalAssertions.table(
                            session(rig, 1), rig.operation("run-kill").candidate()),
                    "the candidate name holds only a proven attempt");

            rig.batchRows(5).sessions(real -> real);
            PublicationReceipt resumed = rig.publish("run-kill", TrickyArtifact.source(directory));
            assertEquals(
                    PublicationOutcome.COMMITTED,
                    resumed.outcome(),
                    resumed.detail().toString());
            List<?> steps = (List<?>) resumed.detail().get("steps");
            assertTrue(steps.contains("member 1/1 accept"), steps.toString());
            assertTrue(steps.contains("member 1/2 replace"), steps.toString());
            ExternalRecord completed = ExternalAssertions.record(rig, "run-kill");
            assertEquals(
                    first.candidateUuid(),
                    completed.payload().members().get(0).candidateUuid(),
                    "the exact candidate was accepted, not reloaded");
            assertNotEquals(
                    second.candidateUuid(),
                    completed.payload().members().get(1).candidateUuid(),
                    "the owned partial candidate was replaced");
            StoredArtifact artifact = TrickyArtifact.seal(directory.resolve("expected"));
            ExternalAssertions.everyMemberHolds(
                    rig,
                    rig.target(),
                    artifact.schema(),
                    artifact.rowCount(),
                    TrickyArtifact.content(artifact, rig.serverZone()));
            assertEquals(
                    List.of(
                            first.candidateUuid(),
                            completed.payload().members().get(1).candidateUuid()),
                    targetUuids(rig),
                    "each target now is that member's own staged candidate");
            assertNotEquals(targets, targetUuids(rig));
        }
    }

    @Test
    void aRowChangedOnAMembersCandidateBeforeStagedIsDivergenceAndNothingIsPublished(
            RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget(TrickyArtifact.columnsDdl());
            List<UUID> targets = targetUuids(rig);
            // the load goes to the attempt named by the UUID just recorded for member 2
            rig.sessions(real -> new HookedSessions(
                    real,
                    cluster.member(1).endpoint().nativePort(),
                    HookedSessions.Moment.AFTER_LOAD,
                    0,
                    () -> rig.admin(1)
                            .execute("ALTER TABLE "
                                    + rig.operation("run-tamper")
                                            .attempt(ExternalAssertions.record(rig, "run-tamper")
                                                    .payload()
                                                    .members()
                                                    .get(1)
                                                    .candidateUuid())
                                            .render()
                                    + " UPDATE s = 'changed' WHERE id = 3 SETTINGS mutations_sync = 2")));
            PublicationReceipt receipt = rig.publish("run-tamper", TrickyArtifact.source(directory));
            assertEquals(
                    PublicationOutcome.UNKNOWN,
                    receipt.outcome(),
                    receipt.detail().toString());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED), receipt.errorCode());
            assertEquals(
                    ExternalPhase.STAGING,
                    ExternalAssertions.record(rig, "run-tamper").phase());
            assertEquals(targets, targetUuids(rig), "no target changed");
            assertEquals(2, rig.ddl.dispatched(), "only the probe and the facade bootstrap: no publication statement");
        }
    }

    @Test
    void aProvenCandidateChangedBeforeStagedDivergesOnEveryRetry(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget(TrickyArtifact.columnsDdl());
            List<UUID> targets = targetUuids(rig);
            TableRef candidate = rig.operation("run-ready").candidate();
            rig.batchRows(2)
                    .sessions(real -> new HookedSessions(
                            real,
                            cluster.member(1).endpoint().nativePort(),
                            HookedSessions.Moment.AFTER_ROWS,
                            4,
                            () -> cluster.member(1).kill()));
            assertEquals(
                    PublicationOutcome.PREPARED,
                    rig.publish("run-ready", TrickyArtifact.source(directory)).outcome());
            cluster.member(1).restart();
            rig.admin(0)
                    .execute("ALTER TABLE " + candidate.render() + " UPDATE s = 'changed' WHERE id = 3"
                            + " SETTINGS mutations_sync = 2");
            rig.sessions(real -> real);
            for (int attempt = 0; attempt < 2; attempt++) {
                PublicationReceipt receipt = rig.publish("run-ready", TrickyArtifact.source(directory));
                assertEquals(
                        Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED),
                        receipt.errorCode(),
                        receipt.detail().toString());
                assertEquals(
                        ExternalPhase.STAGING,
                        ExternalAssertions.record(rig, "run-ready").phase());
            }
            assertEquals(targets, targetUuids(rig), "no target changed");
            assertEquals(2, rig.ddl.dispatched());
        }
    }

    @Test
    void aTableUnderTheCandidateNameWhoseUuidWasNeverRecordedIsNeverDropped(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget(TrickyArtifact.columnsDdl());
            List<UUID> targets = targetUuids(rig);
            TableRef candidate = rig.operation("run-foreign").candidate();
            UUID foreign = UUID.randomUUID();
            rig.admin(1)
                    .execute("CREATE TABLE " + candidate.render() + " UUID '" + foreign + "' AS "
                            + rig.target().render());
            for (int attempt = 0; attempt < 2; attempt++) {
                PublicationReceipt receipt = rig.publish("run-foreign", TrickyArtifact.source(directory));
                assertEquals(
                        PublicationOutcome.UNKNOWN,
                        receipt.outcome(),
                        receipt.detail().toString());
                assertEquals(
                        Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED), receipt.errorCode());
                assertEquals(
                        ExternalPhase.STAGING,
                        ExternalAssertions.record(rig, "run-foreign").phase());
                assertEquals(
                        foreign,
                        assertInstanceOf(TableState.Present.class, ExternalAssertions.table(session(rig, 1), candidate))
                                .uuid(),
                        "left in place");
            }
            assertEquals(targets, targetUuids(rig), "no target changed");
            assertEquals(2, rig.ddl.dispatched(), "no publication statement");
        }
    }

    private static MemberSession session(ExternalRig rig, int member) {
        return RealMemberSessionTest.session(rig.cluster, member, rig.db, 100);
    }

    private static List<UUID> targetUuids(ExternalRig rig) {
        List<UUID> uuids = new ArrayList<>();
        for (int i = 0; i < rig.cluster.members().size(); i++) {
            uuids.add(
                    assertInstanceOf(TableState.Present.class, ExternalAssertions.table(session(rig, i), rig.target()))
                            .uuid());
        }
        return uuids;
    }
}
