package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.InternalBaseline;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every stable external refusal that a real two-member cluster (local ClickHouse 26.7 via libchdb,
 * {@code internal_replication = false}) can produce, each from its real cause, and the internal-
 * to-external migration. The two publication-side outcomes use the named faults of
 * {@code EmulatedClusterDdl} (testkit), the emulated ON CLUSTER fan-out: a host that records a
 * terminal failure instead of executing the EXCHANGE, and a cleanup entry that is never listed.
 */
@ClickHouseCluster(members = 2, internalReplication = false)
class RealExternalRefusalsTest {
    @TempDir
    Path directory;

    @Test
    void anUnresolvedInternalRecordIsAModeMismatchAndACompletedOneIsMigrated(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            InternalRecords.plant(
                    rig, InternalRecords.prepared(rig.operation("run-1").targetKey()));
            DponeException blocked =
                    assertThrows(DponeException.class, () -> rig.publish("run-1", TrickyArtifact.source(directory)));
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_MODE_MISMATCH, blocked.code());
            assertInstanceOf(
                    InternalBaseline.class,
                    ((SlotRead.Present<?>) rig.slot("run-1"))
                            .valid()
                            .orElseThrow()
                            .record());
            ExternalAssertions.noMemberHas(rig, rig.operation("run-1").candidate());
        }
    }

    @Test
    void aCompletedInternalRecordIsTakenOverByAVersionCheckedMigration(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            InternalRecords.plant(
                    rig, InternalRecords.completed(rig.operation("run-1").targetKey()));
            PublicationReceipt receipt = rig.publish("run-1", TrickyArtifact.source(directory));
            assertEquals(
                    PublicationOutcome.COMMITTED,
                    receipt.outcome(),
                    receipt.detail().toString());
            assertTrue(((List<?>) receipt.detail().get("steps"))
                    .contains("locked by migration from a completed internal record"));
            ExternalRecord record = ExternalAssertions.record(rig, "run-1");
            assertEquals(ExternalPhase.COMPLETED, record.phase());
            assertEquals(2, record.dispatchEpoch(), "the internal epoch 1 is carried and RENAME opened epoch 2");
        }
    }

    @Test
    void aMemberTargetOutsideTheMergeTreeFamilyIsAnUnsupportedEngine(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            for (int i = 0; i < 2; i++) {
                rig.admin(i)
                        .execute("CREATE TABLE " + rig.target().render() + " (" + TrickyArtifact.columnsDdl()
                                + ") ENGINE = Memory");
            }
            DponeException blocked =
                    assertThrows(DponeException.class, () -> rig.publish("run-1", TrickyArtifact.source(directory)));
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED, blocked.code());
            assertEquals(
                    0, rig.ddl.dispatched(), "refused before the probe and the facade bootstrap: nothing was sent");
            assertInstanceOf(SlotRead.Unavailable.class, rig.slot("run-1"), "not even the control table exists");
        }
    }

    @Test
    void aDownMemberIsAnIncompleteInventoryBeforeAnything(RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            cluster.member(1).kill();
            DponeException blocked =
                    assertThrows(DponeException.class, () -> rig.publish("run-1", TrickyArtifact.source(directory)));
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE, blocked.code());
            assertEquals(0, rig.ddl.dispatched(), "nothing was sent");
        }
    }

    @Test
    void aCompressedSourceIsRefusedBeforeTheSlotIsTaken(RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            Path file = Files.write(directory.resolve("rows.csv.gz"), new byte[] {0x1f, (byte) 0x8b});
            PublicationSource compressed = new PublicationSource.DelimitedFile(
                    file, DelimitedFormat.CSV_WITH_NAMES, Compression.GZIP, OptionalLong.of(2));
            DponeException refused = assertThrows(DponeException.class, () -> rig.publish("run-1", compressed));
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED, refused.code());
            assertInstanceOf(SlotRead.Absent.class, rig.slot("run-1"), "refused before the slot was taken");
        }
    }

    @Test
    void aSourceOverTheRowBudgetEndsTheLockedOperationAsAbortedAndANewOneMayPublish(
            RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 5)) {
            PublicationReceipt aborted = rig.publish("run-1", TrickyArtifact.source(directory));
            assertEquals(
                    PublicationOutcome.ABORTED,
                    aborted.outcome(),
                    aborted.detail().toString());
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED), aborted.errorCode());
            assertEquals(
                    ExternalPhase.ABORTED,
                    ExternalAssertions.record(rig, "run-1").phase());
            ExternalAssertions.noMemberHas(rig, rig.operation("run-1").candidate());
            assertEquals(
                    PublicationOutcome.ABORTED,
                    rig.publish("run-1", TrickyArtifact.source(directory)).outcome(),
                    "the aborted operation stays aborted");

            PublicationSource small = new PublicationSource.Rows(
                    List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("name", "Nullable(String)")),
                    List.of(List.of("1", "a"), java.util.Arrays.asList("2", null)));
            PublicationReceipt next = rig.publish("run-2", small);
            assertEquals(
                    PublicationOutcome.COMMITTED, next.outcome(), next.detail().toString());
        }
    }

    @Test
    void aTerminalMixedExchangeIsAPartialPublicationThatIsNeverRepeated(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget(TrickyArtifact.columnsDdl());
            UUID secondTarget = uuid(rig, 1);
            rig.ddl.refuseOn(DdlAction.EXCHANGE, 1);
            PublicationReceipt receipt = rig.publish("run-1", TrickyArtifact.source(directory));
            assertEquals(
                    PublicationOutcome.TERMINAL_PARTIAL,
                    receipt.outcome(),
                    receipt.detail().toString());
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL), receipt.errorCode());
            ExternalRecord record = ExternalAssertions.record(rig, "run-1");
            assertEquals(ExternalPhase.PUBLICATION_DISPATCHING, record.phase());
            assertEquals(record.payload().members().get(0).candidateUuid(), uuid(rig, 0), "member 1 committed");
            assertEquals(secondTarget, uuid(rig, 1), "member 2 still shows its predecessor");
            int sent = rig.ddl.dispatched();
            PublicationReceipt status = rig.service().status(Optional.empty());
            assertEquals(
                    PublicationOutcome.TERMINAL_PARTIAL,
                    status.outcome(),
                    status.detail().toString());
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL), status.errorCode());
            assertEquals(
                    PublicationOutcome.TERMINAL_PARTIAL,
                    rig.publish("run-1", TrickyArtifact.source(directory)).outcome());
            assertEquals(sent, rig.ddl.dispatched(), "the exchange is never repeated");
        }
    }

    /**
     * Every cleanup drop executes but no queue entry ever lists it (the emulation forgets DROP
     * entries): each drop is lost, so it is redispatched under a fresh epoch while every member holds
     * its recorded predecessor or nothing, at most three times per invocation, then {@code waiting};
     * the published targets are never touched and no receipt is invented.
     */
    @Test
    void aCleanupDropWhoseEntryIsNeverListedIsRedispatchedAtMostThreeTimesAndNeverTouchesTheTargets(
            RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget(TrickyArtifact.columnsDdl());
            rig.ddl.forget(DdlAction.DROP);
            PublicationReceipt receipt = rig.publish("run-1", TrickyArtifact.source(directory));
            assertEquals(
                    PublicationOutcome.WAITING,
                    receipt.outcome(),
                    receipt.detail().toString());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN), receipt.errorCode());
            assertEquals(
                    3L,
                    ((java.util.List<?>) receipt.detail().get("steps"))
                            .stream().filter("cleanup dispatched"::equals).count(),
                    "three drops, each a fresh epoch");
            ExternalRecord record = ExternalAssertions.record(rig, "run-1");
            assertEquals(ExternalPhase.CLEANUP_DISPATCHING, record.phase());
            assertEquals(null, record.payload().cleanup().receipt(), "no receipt is invented for an unlisted drop");
            PublicationReceipt status = rig.service().status(Optional.empty());
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN),
                    status.errorCode(),
                    status.detail().toString());
            for (int i = 0; i < 2; i++) {
                assertEquals(
                        record.payload().members().get(i).candidateUuid(),
                        uuid(rig, i),
                        "published on member " + (i + 1));
            }
        }
    }

    private static UUID uuid(ExternalRig rig, int member) {
        return assertInstanceOf(
                        TableState.Present.class,
                        ExternalAssertions.table(
                                RealMemberSessionTest.session(rig.cluster, member, rig.db, 100), rig.target()))
                .uuid();
    }
}
