package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.fixture.EndlessFieldFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input bounds of external mode on a real two-member cluster (local ClickHouse 26.7 via libchdb,
 * {@code internal_replication = false}): a codec file declared with other types than the target's
 * is refused before anything is locked; a field without an end and a lone surrogate in in-memory
 * rows are refused while sealing, so the locked operation ends ABORTED with SOURCE_MALFORMED and no
 * member is touched. Internal mode's side of the shared readers: {@code InternalSourceBoundsTest}.
 */
@ClickHouseCluster(members = 2, internalReplication = false)
class RealExternalInputBoundsTest {
    @TempDir
    Path directory;

    /**
     * A codec file declares its timestamp as UTC; the target's column is Asia/Tokyo. Red on main
     * 32d8930: the declaration was replaced by the target's type, the UTC wall clock was read as a
     * Tokyo one and published nine hours off (COMMITTED).
     */
    @Test
    void aCodecDeclaredWithAnotherTypeThanTheTargetIsRefusedBeforeTheLock(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget("id UInt64, ts DateTime64(3, 'Asia/Tokyo')");
            Path file = Files.writeString(directory.resolve("events.tsv"), "1\t2024-07-01 00:00:00.000\n");
            PublicationSource codec = new PublicationSource.CodecFile(
                    file,
                    "dpone.clickhouse.tab-separated",
                    List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("ts", "DateTime64(3, 'UTC')")),
                    OptionalLong.of(Files.size(file)));
            DponeException refused = assertThrows(DponeException.class, () -> rig.publish("run-1", codec));
            assertEquals(DponeErrorCode.SOURCE_SCHEMA_INVALID, refused.code(), refused.getMessage());
            assertEquals(
                    "column 2: the codec file's columns declare DateTime64(3, 'UTC'), the target's column is"
                            + " DateTime64(3, 'Asia/Tokyo'); a value is never read as another type",
                    refused.getMessage());
            assertInstanceOf(SlotRead.Absent.class, rig.slot("run-1"), "refused before the slot was taken");
            ExternalAssertions.noMemberHas(rig, rig.operation("run-1").candidate());
        }
    }

    /**
     * An unterminated quote followed by 17 MiB. Red on main 32d8930: the reader held all of it in
     * one field before it said "not terminated" (in a multi-gigabyte file: a 2 GiB buffer and
     * ArrayIndexOutOfBoundsException, {@code DelimitedReaderTest}).
     */
    @Test
    void aFieldWithoutAnEndStopsSealingAtTheBoundAndTheOperationAborts(RunningCluster cluster, TestDatabase db)
            throws Exception {
        PublicationSource source = EndlessFieldFile.write(directory, "id,name");
        assertAborted(
                cluster,
                db,
                source,
                "row 1: a field is longer than 16777216 bytes (is a quote or a line end missing?)");
    }

    /** Red on main 32d8930: the lone surrogate was sealed as {@code ?} and published (COMMITTED). */
    @Test
    void aLoneSurrogateInMemoryRowsIsRefusedWhileSealingAndTheOperationAborts(RunningCluster cluster, TestDatabase db)
            throws Exception {
        PublicationSource rows = new PublicationSource.Rows(
                List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("name", "String")),
                List.of(List.of("1", "fine"), List.of("2", "secret\uDC00")));
        assertAborted(
                cluster,
                db,
                rows,
                "row 2: cell 2 holds a lone UTF-16 surrogate, which is not Unicode text" + " (UTF-8 cannot carry it)");
    }

    private void assertAborted(RunningCluster cluster, TestDatabase db, PublicationSource source, String message)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget("id UInt64, name String");
            PublicationReceipt receipt = rig.publish("run-1", source);
            assertEquals(
                    PublicationOutcome.ABORTED,
                    receipt.outcome(),
                    receipt.detail().toString());
            assertEquals(Optional.of(DponeErrorCode.SOURCE_MALFORMED), receipt.errorCode());
            assertTrue(
                    String.valueOf(receipt.detail().get("message")).startsWith(message),
                    receipt.detail().toString());
            assertEquals(
                    ExternalPhase.ABORTED,
                    ExternalAssertions.record(rig, "run-1").phase());
            ExternalAssertions.noMemberHas(rig, rig.operation("run-1").candidate());
            ExternalAssertions.valueFree(receipt, rig);
            assertTrue(
                    !receipt.detail().toString().contains("secret")
                            && !receipt.detail().toString().contains("xxxx"),
                    "no cell text in evidence");
        }
    }
}
