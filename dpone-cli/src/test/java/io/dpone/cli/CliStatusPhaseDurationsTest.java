package io.dpone.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.PhaseHistory;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.sql.ControlRow;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.publication.Cancellation;
import io.dpone.testkit.simulator.ClusterSimulator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dpone status} shows how long the record stood in each phase (issue 21), in both modes,
 * with the real publication services over the deterministic simulator (backend: SIMULATED, its
 * virtual clock is the services' injected clock). The record stores each phase change's time
 * ({@code phase_times}); the status document lists one {@code phase_durations} row per phase,
 * the closed ones summing to the record's {@code operation_ms}; the terminal table shows them as a
 * table. A record written by the previous build (no {@code phase_times}) reads "unknown". Red
 * before the record stored phase times: no {@code phase_durations}.
 */
class CliStatusPhaseDurationsTest {
    private static final long SEED = 20261202L;
    private static final TableRef TARGET = new TableRef("analytics", "orders");

    @TempDir
    Path dir;

    private static CliRun run(SimulatedProviders.Recording provider, Terminals terminals, String... args) {
        return CliRun.run(
                List.of(provider),
                HostVariables.of(PublishFixtures.environment()),
                terminals,
                Cancellation.NEVER,
                args);
    }

    @Test
    void internalStatusShowsEachPhasesDurationAndAnOlderRecordShowsUnknown() {
        SimulatedCluster cluster = new SimulatedCluster(
                ClusterSimulator.builder()
                        .members(2)
                        .seed(SEED)
                        .clusterName("analytics_cluster")
                        .build(),
                FacadeSpec.PLATFORM);
        cluster.createDatabases(TARGET.database(), FacadeSpec.PLATFORM.control().database());
        cluster.createReplicatedTable(TARGET, 3);
        SimulatedProviders.Recording internal = SimulatedProviders.internal(cluster);
        Path csv = PublishFixtures.source(dir, ".csv", "id,v\n1,a\n2,b\n");
        String manifest = CliRun.fixture("cluster-internal.yaml");
        CliRun published = run(
                internal,
                Terminals.NONE,
                "publish",
                "-m",
                manifest,
                "--source",
                csv.toString(),
                "--invocation-id",
                PublishFixtures.INVOCATION_ID);
        assertEquals(ExitCode.OK.code(), published.exit(), published.toString());
        assertPhases(
                published.outJson().get("detail"),
                List.of("PREPARED", "DISPATCHING", "COMMITTED", "CLEANUP_DISPATCHING", "COMPLETED"),
                false);

        JsonNode status = run(internal, Terminals.NONE, "status", "-m", manifest)
                .outJson()
                .get("detail");
        assertPhases(status, List.of("PREPARED", "DISPATCHING", "COMMITTED", "CLEANUP_DISPATCHING", "COMPLETED"), true);
        String table = run(internal, new Terminals(true, true), "status", "-m", manifest)
                .out();
        assertTrue(table.contains("phase_durations:\n"), table);
        assertTrue(table.lines().anyMatch(line -> line.matches("  phase\\s+entered_at\\s+duration_ms")), table);
        assertTrue(table.lines().anyMatch(line -> line.matches("  DISPATCHING\\s+\\S+Z\\s+\\d+")), table);

        // the same record as the previous build wrote it: no phase_times
        Digest targetKey = new Digest(status.get("target_key").asText());
        AuthorityRecord record = ((SlotRead.Present<AuthorityRecord>)
                        cluster.ports("test").authority().readVersioned(targetKey))
                .valid()
                .orElseThrow()
                .record();
        AuthorityRow older = AuthorityCodecV1.INSTANCE.encode(new AuthorityRecord(
                record.targetKey(),
                record.operationId(),
                record.fenceToken(),
                record.phase(),
                record.dispatchEpoch(),
                record.payload().withPhases(PhaseHistory.UNKNOWN)));
        assertTrue(!older.payload().contains("phase_times"), older.payload());
        cluster.simulator()
                .admin()
                .putControlRow(
                        FacadeSpec.PLATFORM.keeperRoot(),
                        new ControlRow(
                                older.targetKey(),
                                older.operationId(),
                                older.fenceToken(),
                                older.phase(),
                                older.dispatchEpoch().longValueExact(),
                                older.payload(),
                                older.payloadSha256()));
        JsonNode unknown = run(internal, Terminals.NONE, "status", "-m", manifest)
                .outJson()
                .get("detail");
        assertEquals("COMPLETED", unknown.get("phase").asText(), unknown.toString());
        assertEquals("unknown", unknown.get("phase_durations").asText(), unknown.toString());
        assertTrue(unknown.get("record_times").has("operation_ms"), "the record's own times are still shown");
    }

    @Test
    void externalStatusShowsEachPhasesDuration() {
        try (SimulatedExternalCluster cluster = new SimulatedExternalCluster(
                ClusterSimulator.builder()
                        .members(2)
                        .seed(SEED)
                        .internalReplication(false)
                        .clusterName("analytics_cluster")
                        .build(),
                FacadeSpec.PLATFORM)) {
            cluster.createDatabases(
                    TARGET.database(), FacadeSpec.PLATFORM.control().database());
            SimulatedProviders.Recording external = SimulatedProviders.external(cluster);
            Path codec = PublishFixtures.source(dir, ".tsv", "1\ta\n2\t\\N\n");
            String manifest = CliRun.fixture("cluster-external.yaml");
            CliRun published = run(
                    external,
                    Terminals.NONE,
                    "publish",
                    "-m",
                    manifest,
                    "--source",
                    codec.toString(),
                    "--invocation-id",
                    PublishFixtures.INVOCATION_ID,
                    "--format",
                    "dpone.clickhouse.tab-separated",
                    "--columns",
                    "id UInt64, v Nullable(String)");
            assertEquals(ExitCode.OK.code(), published.exit(), published.toString());

            JsonNode status = run(external, Terminals.NONE, "status", "-m", manifest)
                    .outJson()
                    .get("detail");
            // an absent target: RENAME, nothing to clean
            assertPhases(
                    status,
                    List.of("LOCKED", "STAGING", "STAGED", "PUBLICATION_DISPATCHING", "COMMITTED", "COMPLETED"),
                    true);
        }
    }

    /** The rows name exactly {@code phases}; every closed phase has a duration, and they sum to the record's operation_ms. */
    private static void assertPhases(JsonNode detail, List<String> phases, boolean read) {
        JsonNode rows = detail.get("phase_durations");
        List<String> named = new ArrayList<>();
        long sum = 0;
        for (int i = 0; i < rows.size(); i++) {
            JsonNode row = rows.get(i);
            named.add(row.get("phase").asText());
            if (i < rows.size() - 1) {
                assertTrue(row.get("duration_ms").isIntegralNumber(), row.toString());
                sum += row.get("duration_ms").asLong();
            } else {
                assertTrue(
                        row.get("duration_ms").isNull(), "a finished operation's last phase has no duration: " + row);
            }
        }
        assertEquals(phases, named, detail.toString());
        assertEquals(detail.get("record_times").get("operation_ms").asLong(), sum, detail.toString());
        assertEquals(read, detail.get("record_times").has("in_phase_ms"), detail.toString());
    }
}
