package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Members that all run in Asia/Tokyo (local ClickHouse 26.7 via libchdb): a date-time without a
 * zone of its own is the wall clock in that one zone, exactly the instant each member gives the
 * same text when it parses it, and the proof of stored instants (rendered in UTC) passes.
 */
@ClickHouseCluster(
        members = 2,
        internalReplication = false,
        timeZones = {"Asia/Tokyo", "Asia/Tokyo"})
class RealExternalUniformZoneTest {
    @TempDir
    Path directory;

    @Test
    void zonelessDateTimesAreTheWallClockInTheMembersOneZone(RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget("id UInt64, ts DateTime, ts64 Nullable(DateTime64(6))");
            PublicationSource rows = new PublicationSource.Rows(
                    List.of(SourceColumn.untyped("id"), SourceColumn.untyped("ts"), SourceColumn.untyped("ts64")),
                    List.of(
                            List.of("1", "2024-07-01 09:00:00", "2024-07-01 09:00:00.000001"),
                            java.util.Arrays.asList("2", "1970-01-01 09:00:00", null)));
            PublicationReceipt receipt = rig.publish("run-1", rows);
            assertEquals(
                    PublicationOutcome.COMMITTED,
                    receipt.outcome(),
                    receipt.detail().toString());
            for (int i = 0; i < 2; i++) {
                assertEquals(
                        "1\t1719792000\t1719792000000001\t1\n2\t0\t\\N\t1",
                        rig.admin(i)
                                .query("SELECT id, toUnixTimestamp(ts),"
                                        + " toUnixTimestamp64Micro(ts64), ts = toDateTime(toString(ts)) FROM "
                                        + rig.target().render() + " ORDER BY id"),
                        "member " + i + ": the instant the member itself gives the text");
            }
        }
    }
}
