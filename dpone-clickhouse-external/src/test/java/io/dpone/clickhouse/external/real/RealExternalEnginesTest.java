package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Targets whose inserts or merges change rows, on a real two-member cluster (local ClickHouse 26.7
 * via libchdb, {@code internal_replication = false}): every row-rewriting engine family, a table
 * TTL, a deduplication window and a MATERIALIZED column are refused at admission with
 * {@code CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED} before anything is locked, created or
 * sent; ALIAS and EPHEMERAL columns, which store nothing, are left out of the artifact and the
 * target publishes. The member sessions run as the admin, a principal granted every engine, so no
 * refusal below is the publication principal's missing grant.
 */
@ClickHouseCluster(members = 2, internalReplication = false)
class RealExternalEnginesTest {
    private static final String SIGN = ", sign Int8";

    @TempDir
    Path directory;

    /**
     * Red on main 32d8930: each was admitted and locked; with the rows folded by the key {@code b}
     * (a Bool) the Replacing, Summing, Aggregating and Coalescing candidates were proven DIVERGED
     * (the proof can never pass again), the others ended ABORTED (a target column the source does
     * not have) or, for TTL and the deduplication window, published rows a merge or a repeated block
     * may drop.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "ReplacingMergeTree | | ReplacingMergeTree ORDER BY b",
                "SummingMergeTree | | SummingMergeTree ORDER BY b",
                "AggregatingMergeTree | | AggregatingMergeTree ORDER BY b",
                "CollapsingMergeTree | " + SIGN + " | CollapsingMergeTree(sign) ORDER BY b",
                "VersionedCollapsingMergeTree | " + SIGN
                        + ", ver UInt64 | VersionedCollapsingMergeTree(sign, ver) ORDER BY b",
                "CoalescingMergeTree | | CoalescingMergeTree ORDER BY b",
                "a table TTL | | MergeTree ORDER BY id TTL day + INTERVAL 1 DAY",
                "a deduplication window | | MergeTree ORDER BY id SETTINGS non_replicated_deduplication_window = 100",
                "a MATERIALIZED column | , m UInt64 MATERIALIZED id * 2 | MergeTree ORDER BY id"
            })
    void aTargetThatChangesRowsIsRefusedBeforeAnything(
            String what, String extraColumns, String engine, RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig =
                new ExternalRig(cluster, db, directory.resolve("store"), 1_000).memberPrincipal(cluster.admin())) {
            createTargets(rig, TrickyArtifact.columnsDdl() + (extraColumns == null ? "" : extraColumns), engine);
            assertRefusedBeforeAnything(rig);
        }
    }

    /**
     * A column TTL is in no {@code engine_full}: once it expires a merge resets the column to its
     * default. Red on main c884450 (verified): admitted and locked, no refusal. Now read from
     * {@code DESCRIBE TABLE} ({@code ttl_expression}) and refused like a table TTL.
     */
    @Test
    void aColumnTtlIsRefusedBeforeAnything(RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig =
                new ExternalRig(cluster, db, directory.resolve("store"), 1_000).memberPrincipal(cluster.admin())) {
            createTargets(
                    rig,
                    TrickyArtifact.columnsDdl().replace("u64 UInt64", "u64 UInt64 TTL day + INTERVAL 1 DAY"),
                    "MergeTree ORDER BY id");
            assertRefusedBeforeAnything(rig);
        }
    }

    /** Red on main 32d8930: admitted and locked, then ABORTED because its columns are not the source's (SOURCE_SCHEMA_INVALID). */
    @Test
    void aGraphiteTargetIsRefusedBeforeAnything(RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig =
                new ExternalRig(cluster, db, directory.resolve("store"), 1_000).memberPrincipal(cluster.admin())) {
            createTargets(
                    rig,
                    "Path String, Time DateTime, Value Float64, Timestamp UInt32",
                    "GraphiteMergeTree('graphite_rollup') ORDER BY (Path, Time)");
            assertRefusedBeforeAnything(rig);
        }
    }

    /**
     * An absent target's candidates get the manifest's engine and {@code ORDER BY tuple()}. Red on
     * main 32d8930: with ReplacingMergeTree every row of the artifact folded into one and the proof
     * was DIVERGED; with CollapsingMergeTree the CREATE was refused with 42, classified ambiguous, so
     * the member stayed LOADING and every rerun created again under a new UUID.
     */
    @ParameterizedTest
    @CsvSource({"ReplacingMergeTree", "CollapsingMergeTree", "SummingMergeTree"})
    void anAbsentTargetWithARowRewritingEngineIsRefusedBeforeAnything(
            String engine, RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000, engine)
                .memberPrincipal(cluster.admin())) {
            assertRefusedBeforeAnything(rig);
            assertRefusedBeforeAnything(rig);
        }
    }

    /**
     * ALIAS and EPHEMERAL columns store nothing: the artifact is the target's other columns, the
     * insert leaves them out, and every member holds exactly the artifact. Red on main 32d8930: the
     * target's every column was declared, the codec file's 16 columns differed from 18 and the
     * operation ended ABORTED (SOURCE_SCHEMA_INVALID).
     */
    @Test
    void aliasAndEphemeralColumnsAreLeftOutAndTheTargetPublishes(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            createTargets(
                    rig,
                    TrickyArtifact.columnsDdl() + ", next_id UInt64 ALIAS id + 1, note String EPHEMERAL",
                    "MergeTree ORDER BY id");
            PublicationReceipt receipt = rig.publish("run-1", TrickyArtifact.source(directory));
            assertEquals(
                    PublicationOutcome.COMMITTED,
                    receipt.outcome(),
                    receipt.detail().toString());
            var artifact = TrickyArtifact.seal(directory.resolve("expected"));
            ExternalAssertions.everyMemberHolds(
                    rig,
                    rig.target(),
                    artifact.schema(),
                    artifact.rowCount(),
                    TrickyArtifact.content(artifact, rig.serverZone()));
            for (int i = 0; i < 2; i++) {
                assertEquals(
                        "13",
                        rig.admin(i)
                                .query("SELECT max(next_id) FROM "
                                        + rig.target().render()),
                        "the alias reads from the published rows on member " + i);
            }
        }
    }

    private static void createTargets(ExternalRig rig, String columns, String engine) {
        for (int i = 0; i < 2; i++) {
            rig.admin(i).execute("CREATE TABLE " + rig.target().render() + " (" + columns + ") ENGINE = " + engine);
        }
    }

    private void assertRefusedBeforeAnything(ExternalRig rig) throws Exception {
        DponeException refused =
                assertThrows(DponeException.class, () -> rig.publish("run-1", TrickyArtifact.source(directory)));
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED, refused.code(), refused.getMessage());
        assertEquals(0, rig.ddl.dispatched(), "refused before the probe and the facade bootstrap: nothing was sent");
        assertInstanceOf(SlotRead.Unavailable.class, rig.slot("run-1"), "not even the control table exists");
        ExternalAssertions.noMemberHas(rig, rig.operation("run-1").candidate());
    }
}
