package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * External mode on real members whose {@code remote_servers} says {@code internal_replication =
 * true} (local ClickHouse 26.7 via libchdb): the flags of the other mode are a mode mismatch at
 * admission, before anything is locked, sent or created; there is no fallback to internal mode.
 */
@ClickHouseCluster(members = 2, internalReplication = true)
class RealExternalModeMismatchTest {
    @TempDir
    Path directory;

    @Test
    void internalReplicationFlagsBlockExternalMode(RunningCluster cluster, TestDatabase db) throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            DponeException blocked =
                    assertThrows(DponeException.class, () -> rig.publish("run-1", TrickyArtifact.source(directory)));
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_MODE_MISMATCH, blocked.code());
            assertEquals(0, rig.ddl.dispatched());
        }
    }
}
