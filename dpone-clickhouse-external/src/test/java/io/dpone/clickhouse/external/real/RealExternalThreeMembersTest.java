package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One sealed artifact staged over the native protocol into three real members (local ClickHouse
 * 26.7 via libchdb, {@code internal_replication = false}) and published over an existing target:
 * every member ends with its own table holding exactly the artifact's typed rows. The ON CLUSTER
 * fan-out is {@code EmulatedClusterDdl} (testkit).
 */
@ClickHouseCluster(members = 3, internalReplication = false)
class RealExternalThreeMembersTest {
    @TempDir
    Path directory;

    @Test
    void threeMembersAreStagedFromOneArtifactAndPublished(RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget(TrickyArtifact.columnsDdl());
            PublicationReceipt receipt = rig.publish("run-3", TrickyArtifact.source(directory));
            assertEquals(
                    PublicationOutcome.COMMITTED,
                    receipt.outcome(),
                    receipt.detail().toString());
            assertEquals(
                    ExternalPhase.COMPLETED,
                    ExternalAssertions.record(rig, "run-3").phase());
            assertEquals(
                    3,
                    ExternalAssertions.record(rig, "run-3").payload().members().size());
            StoredArtifact artifact = TrickyArtifact.seal(directory.resolve("expected"));
            ExternalAssertions.everyMemberHolds(
                    rig,
                    rig.target(),
                    artifact.schema(),
                    artifact.rowCount(),
                    TrickyArtifact.content(artifact, rig.serverZone()));
            ExternalAssertions.noMemberHas(rig, rig.operation("run-3").candidate());
            ExternalAssertions.valueFree(receipt, rig);
        }
    }
}
