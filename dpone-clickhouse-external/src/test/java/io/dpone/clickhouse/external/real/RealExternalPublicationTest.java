package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.authority.CleanupMark;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.clickhouse.external.service.ExternalReceipts;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.receipt.EvidenceScope;
import io.dpone.spi.receipt.EvidenceStatus;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.evidence.SyntheticReceipts;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * External-mode publication end to end on two real members (local ClickHouse 26.7 via libchdb,
 * {@code internal_replication = false}), one test per target shape. Everything is real — the
 * catalog, the KeeperMap authority, the native staging of every member, the typed-content proof,
 * the reconciliation and the cleanup — except the cluster DDL fan-out: the harness cannot run
 * {@code ON CLUSTER}, so {@code EmulatedClusterDdl} (testkit) runs the local form of each
 * statement on every member through real connections and keeps the per-host queue rows.
 */
@ClickHouseCluster(members = 2, internalReplication = false)
class RealExternalPublicationTest {
    @TempDir
    Path directory;

    @Test
    void anExistingTargetIsExchangedOnEveryMemberAndOnlyItsExactPredecessorsAreDropped(
            RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget(TrickyArtifact.columnsDdl());
            rig.admin(0).execute("INSERT INTO " + rig.target().render() + " (id) VALUES (100)");
            PublicationReceipt receipt = rig.publish("run-1", TrickyArtifact.source(directory));
            assertEquals(
                    PublicationOutcome.COMMITTED,
                    receipt.outcome(),
                    receipt.detail().toString());
            assertEquals(Optional.empty(), receipt.errorCode());
            assertEquals(ExternalReceipts.SCHEMA, receipt.schema());
            assertEquals(ReplicationMode.EXTERNAL, receipt.replicationMode());
            assertEquals(EvidenceScope.RUNTIME, receipt.evidenceScope());
            assertEquals(EvidenceStatus.UNVERIFIED, receipt.evidenceStatus());
            ExternalAssertions.valueFree(receipt, rig);

            ExternalRecord completed = ExternalAssertions.record(rig, "run-1");
            assertEquals(ExternalPhase.COMPLETED, completed.phase());
            for (MemberRecord member : completed.payload().members()) {
                assertEquals(MemberStage.READY, member.stage());
                assertEquals(CleanupMark.DROPPED, member.cleanup());
            }
            StoredArtifact artifact = TrickyArtifact.seal(directory.resolve("expected"));
            ExternalAssertions.everyMemberHolds(
                    rig,
                    rig.target(),
                    artifact.schema(),
                    artifact.rowCount(),
                    TrickyArtifact.content(artifact, rig.serverZone()));
            ExternalAssertions.noMemberHas(rig, rig.operation("run-1").candidate());
            assertEquals(4, rig.ddl.dispatched(), "probe, facade bootstrap, one EXCHANGE, one DROP");
            assertTrue(
                    rig.store.holders(completed.payload().artifact().sha256()).isEmpty(), "released after STAGED");

            PublicationReceipt status = rig.service().status(Optional.of("run-1"));
            assertEquals(PublicationOutcome.COMMITTED, status.outcome());
            assertEquals(ExternalReceipts.SCHEMA, status.schema());
            assertTrue(
                    ((java.util.List<?>) status.detail().get("steps")).contains("record belongs to this invocation"));
            assertEquals(4, rig.ddl.dispatched(), "status sends nothing");

            PublicationReceipt again = rig.publish("run-1", TrickyArtifact.source(directory));
            assertEquals(PublicationOutcome.COMMITTED, again.outcome());
            assertEquals(4, rig.ddl.dispatched(), "a retry of a completed operation sends nothing");

            PublicationReceipt next = rig.publish("run-2", TrickyArtifact.source(directory));
            assertEquals(
                    PublicationOutcome.COMMITTED, next.outcome(), next.detail().toString());
            ExternalRecord second = ExternalAssertions.record(rig, "run-2");
            assertTrue(second.dispatchEpoch() > completed.dispatchEpoch(), "epochs never repeat for a target");

            PublicationReceipt synthetic = SyntheticReceipts.localSynthetic(
                    receipt,
                    SyntheticReceipts.currentCommit(
                            Path.of("").toAbsolutePath(),
                            Map.of(
                                    "backend",
                                    cluster.backendName(),
                                    "members",
                                    "2",
                                    "internal_replication",
                                    "false",
                                    "clickhouse",
                                    rig.admin(0).query("SELECT version()").strip(),
                                    "ddl_fan_out",
                                    "EmulatedClusterDdl")));
            assertEquals(EvidenceScope.LOCAL_SYNTHETIC, synthetic.evidenceScope());
            assertEquals("local_synthetic", synthetic.detail().get("evidence_scope"));
            assertTrue(((String) synthetic.detail().get("commit")).matches("[0-9a-f]{40}"));
            assertEquals(EvidenceStatus.UNVERIFIED, synthetic.evidenceStatus());
        }
    }

    @Test
    void anAbsentTargetIsRenamedIntoPlaceWithNothingToClean(RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            assertEquals(
                    PublicationOutcome.NONE,
                    rig.service().status(Optional.empty()).outcome(),
                    "no record yet");
            PublicationReceipt receipt = rig.publish("run-absent", TrickyArtifact.source(directory));
            assertEquals(
                    PublicationOutcome.COMMITTED,
                    receipt.outcome(),
                    receipt.detail().toString());
            ExternalRecord completed = ExternalAssertions.record(rig, "run-absent");
            assertEquals(ExternalPhase.COMPLETED, completed.phase());
            assertNull(completed.payload().cleanup());
            assertNull(completed.payload().targetDefinition());
            for (MemberRecord member : completed.payload().members()) {
                assertEquals(CleanupMark.NOT_NEEDED, member.cleanup());
            }
            StoredArtifact artifact = TrickyArtifact.seal(directory.resolve("expected"));
            ExternalAssertions.everyMemberHolds(
                    rig,
                    rig.target(),
                    artifact.schema(),
                    artifact.rowCount(),
                    TrickyArtifact.content(artifact, rig.serverZone()));
            assertEquals(3, rig.ddl.dispatched(), "probe, facade bootstrap, one RENAME");
        }
    }
}
