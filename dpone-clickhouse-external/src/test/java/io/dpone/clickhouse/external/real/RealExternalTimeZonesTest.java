package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.sql.TableRef;
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
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One instant per value on members in different server time zones: member 1 runs in UTC, member 2
 * in Europe/Berlin (local ClickHouse 26.7 via libchdb, {@code internal_replication = false}; the
 * harness sets each node's zone). A date-time without a zone of its own would be another instant on
 * each member, so it is refused; one with its own zone lands as the same instant everywhere; a
 * wall clock in a daylight-saving gap is refused while sealing; and the proof compares stored
 * instants, not renderings.
 */
@ClickHouseCluster(
        members = 2,
        internalReplication = false,
        timeZones = {"UTC", "Europe/Berlin"})
class RealExternalTimeZonesTest {
    @TempDir
    Path directory;

    /**
     * Red on main 32d8930: admitted and COMMITTED, each member placing the wall clock in its own
     * zone, so the members stored instants 7,200 s apart (toUnixTimestamp) while the proof, which
     * compared each member's own rendering, passed.
     */
    @Test
    void anExistingTargetsZonelessDateTimeIsRefusedAtAdmission(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget("id UInt64, ts DateTime");
            PublicationSource rows = new PublicationSource.Rows(
                    List.of(SourceColumn.untyped("id"), SourceColumn.untyped("ts")),
                    List.of(List.of("1", "2024-07-01 12:00:00")));
            DponeException refused = assertThrows(DponeException.class, () -> rig.publish("run-1", rows));
            assertEquals(DponeErrorCode.SOURCE_TYPE_UNSUPPORTED, refused.code(), refused.getMessage());
            assertTrue(
                    refused.getMessage()
                            .startsWith("column 2: DateTime without a time zone is each member's server time"
                                    + " zone, and the members run in 2 server time zones with different rules"),
                    refused.getMessage());
            assertEquals(0, rig.ddl.dispatched(), "refused before the probe and the facade bootstrap");
            assertInstanceOf(SlotRead.Unavailable.class, rig.slot("run-1"), "not even the control table exists");
            ExternalAssertions.noMemberHas(rig, rig.operation("run-1").candidate());
        }
    }

    /** Red on main 32d8930: COMMITTED, the new target's two tables holding instants an hour apart (CET in January). */
    @Test
    void aSourceDeclaringAZonelessDateTimeForAnAbsentTargetEndsTheLockedOperationAborted(
            RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            PublicationSource rows = new PublicationSource.Rows(
                    List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("ts", "DateTime64(3)")),
                    List.of(List.of("1", "2024-01-15 08:00:00.250")));
            PublicationReceipt receipt = rig.publish("run-1", rows);
            assertEquals(
                    PublicationOutcome.ABORTED,
                    receipt.outcome(),
                    receipt.detail().toString());
            assertEquals(Optional.of(DponeErrorCode.SOURCE_TYPE_UNSUPPORTED), receipt.errorCode());
            assertEquals(
                    ExternalPhase.ABORTED,
                    ExternalAssertions.record(rig, "run-1").phase());
            ExternalAssertions.noMemberHas(rig, rig.target());
        }
    }

    /** A column with its own zone is one instant on every member whatever their zones (green on main too). */
    @Test
    void columnsWithTheirOwnZoneLandAsOneInstantOnEveryMember(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget("id UInt64, tokyo DateTime('Asia/Tokyo'), berlin DateTime64(3, 'Europe/Berlin')");
            PublicationSource rows = new PublicationSource.Rows(
                    List.of(SourceColumn.untyped("id"), SourceColumn.untyped("tokyo"), SourceColumn.untyped("berlin")),
                    List.of(List.of("1", "2024-07-01 09:00:00", "2024-07-01 02:00:00.123")));
            PublicationReceipt receipt = rig.publish("run-1", rows);
            assertEquals(
                    PublicationOutcome.COMMITTED,
                    receipt.outcome(),
                    receipt.detail().toString());
            for (int i = 0; i < 2; i++) {
                assertEquals(
                        "1719792000\t1719792000123",
                        rig.admin(i)
                                .query("SELECT toUnixTimestamp(tokyo)," + " toUnixTimestamp64Milli(berlin) FROM "
                                        + rig.target().render()),
                        "member " + i + ": 2024-07-01 00:00Z");
            }
        }
    }

    /**
     * 2024-03-31 02:30 does not exist in Europe/Berlin (clocks jump from 02:00 to 03:00). Red on
     * main 32d8930: the value was sealed, placed at 03:30 by the JDK, read back rendered 03:30 and
     * the operation stopped DIVERGED, never to pass; now sealing refuses the value
     * (SOURCE_VALUE_INVALID) and the locked operation ends ABORTED, no member touched.
     */
    @Test
    void aWallClockInADaylightSavingGapIsRefusedWhileSealingNeverDiverged(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget("id UInt64, berlin DateTime('Europe/Berlin')");
            PublicationSource rows = new PublicationSource.Rows(
                    List.of(SourceColumn.untyped("id"), SourceColumn.untyped("berlin")),
                    List.of(List.of("1", "2024-03-31 01:59:59"), List.of("2", "2024-03-31 02:30:00")));
            PublicationReceipt receipt = rig.publish("run-1", rows);
            assertEquals(
                    PublicationOutcome.ABORTED,
                    receipt.outcome(),
                    receipt.detail().toString());
            assertEquals(Optional.of(DponeErrorCode.SOURCE_VALUE_INVALID), receipt.errorCode());
            assertTrue(
                    String.valueOf(receipt.detail().get("message"))
                            .startsWith(
                                    "row 2, column 2: not a valid"
                                            + " DateTime('Europe/Berlin') value: the wall-clock time does not exist in the column's time zone"),
                    receipt.detail().toString());
            assertEquals(
                    ExternalPhase.ABORTED,
                    ExternalAssertions.record(rig, "run-1").phase());
            ExternalAssertions.noMemberHas(rig, rig.operation("run-1").candidate());
        }
    }

    /**
     * 2024-10-27 02:30 happens twice in Europe/Berlin. A member's candidate is moved to the other
     * 02:30 (one hour later, same rendering in Berlin) right after its load. Red on main 32d8930:
     * the proof compared the Berlin rendering, found it equal and the publication COMMITTED another
     * instant on that member; now the proof reads the stored instant (UTC) and stops DIVERGED.
     */
    @Test
    void theProofComparesStoredInstantsNotRenderings(RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget("id UInt64, berlin DateTime('Europe/Berlin')");
            // the load goes to the attempt named by the UUID just recorded for member 2 (ADR 0008)
            Supplier<TableRef> attempt = () -> rig.operation("run-1")
                    .attempt(ExternalAssertions.record(rig, "run-1")
                            .payload()
                            .members()
                            .get(1)
                            .candidateUuid());
            rig.sessions(real -> new HookedSessions(
                    real,
                    cluster.member(1).endpoint().nativePort(),
                    HookedSessions.Moment.AFTER_LOAD,
                    0,
                    () -> rig.admin(1)
                            .execute("ALTER TABLE " + attempt.get().render() + " UPDATE berlin = berlin + INTERVAL 1"
                                    + " HOUR WHERE id = 1 SETTINGS mutations_sync = 2")));
            PublicationSource rows = new PublicationSource.Rows(
                    List.of(SourceColumn.untyped("id"), SourceColumn.untyped("berlin")),
                    List.of(List.of("1", "2024-10-27 02:30:00")));
            PublicationReceipt receipt = rig.publish("run-1", rows);
            TableRef loaded = attempt.get();
            assertEquals(
                    PublicationOutcome.UNKNOWN,
                    receipt.outcome(),
                    receipt.detail().toString());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED), receipt.errorCode());
            assertEquals(
                    "2024-10-27 02:30:00",
                    rig.admin(1).query("SELECT toString(berlin) FROM " + loaded.render()),
                    "the same rendering in Berlin");
            assertEquals(
                    "1729992600",
                    rig.admin(1).query("SELECT toUnixTimestamp(berlin) FROM " + loaded.render()),
                    "another instant: 01:30Z instead of the sealed 00:30Z");
        }
    }
}
