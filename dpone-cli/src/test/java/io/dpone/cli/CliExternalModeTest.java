package io.dpone.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.service.ExternalReceipts;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.publication.Cancellation;
import io.dpone.testkit.simulator.ClusterSimulator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dpone publish} and {@code dpone status} for both modes' manifests end to end: the host
 * selects the provider by {@code replication_mode}, and that mode's real publication service runs
 * over the testkit's deterministic simulator (backend: SIMULATED, two members, no server). The
 * rendered documents are the services' own, not a fake's.
 */
class CliExternalModeTest {
    private static final String CODEC = "dpone.clickhouse.tab-separated";
    private static final String COLUMNS = "id UInt64, v Nullable(String)";
    private static final String EXTERNAL = "cluster-external.yaml";
    private static final String INTERNAL = "cluster-internal.yaml";
    private static final TableRef TARGET = new TableRef("analytics", "orders");
    private static final long SEED = 20260712L;

    @TempDir
    Path dir;

    private SimulatedExternalCluster externalCluster;
    private SimulatedCluster internalCluster;
    private SimulatedProviders.Recording external;
    private SimulatedProviders.Recording internal;

    @BeforeEach
    void clusters() {
        // The fixtures' cluster name and target; the control database of the platform facade both modes use.
        externalCluster = new SimulatedExternalCluster(
                ClusterSimulator.builder()
                        .members(2)
                        .seed(SEED)
                        .internalReplication(false)
                        .clusterName("analytics_cluster")
                        .build(),
                FacadeSpec.PLATFORM);
        externalCluster.createDatabases(
                TARGET.database(), FacadeSpec.PLATFORM.control().database());
        internalCluster = new SimulatedCluster(
                ClusterSimulator.builder()
                        .members(2)
                        .seed(SEED)
                        .clusterName("analytics_cluster")
                        .build(),
                FacadeSpec.PLATFORM);
        internalCluster.createDatabases(
                TARGET.database(), FacadeSpec.PLATFORM.control().database());
        external = SimulatedProviders.external(externalCluster);
        internal = SimulatedProviders.internal(internalCluster);
    }

    @AfterEach
    void close() {
        externalCluster.close();
    }

    private CliRun run(Terminals terminals, String... args) {
        return CliRun.run(
                List.of(internal, external),
                HostVariables.of(PublishFixtures.environment()),
                terminals,
                Cancellation.NEVER,
                args);
    }

    private CliRun status(Terminals terminals, String... extra) {
        List<String> args = new ArrayList<>(List.of("status", "-m", CliRun.fixture(EXTERNAL)));
        args.addAll(List.of(extra));
        return run(terminals, args.toArray(String[]::new));
    }

    private CliRun publishCodec(String manifest, Path source, String codec, String invocationId) {
        return run(
                Terminals.NONE,
                "publish",
                "-m",
                CliRun.fixture(manifest),
                "--source",
                source.toString(),
                "--invocation-id",
                invocationId,
                "--format",
                codec,
                "--columns",
                COLUMNS);
    }

    private Path codecFile() {
        return PublishFixtures.source(dir, ".tsv", "1\ta,b\n2\t\\N\n");
    }

    private static void assertReceiptHeader(JsonNode receipt, String outcome) {
        assertEquals(ExternalReceipts.SCHEMA, receipt.get("schema").asText());
        assertEquals("external", receipt.get("replication_mode").asText());
        assertEquals(outcome, receipt.get("outcome").asText());
        assertTrue(receipt.get("error_code").isNull(), receipt.toString());
        assertEquals("runtime", receipt.get("evidence_scope").asText());
        assertEquals("UNVERIFIED", receipt.get("evidence_status").asText());
    }

    @Test
    void statusOfAnExternalTargetWithoutARecordIsNoneAsJsonAndAsATable() {
        CliRun json = status(Terminals.NONE);
        assertEquals(ExitCode.OK.code(), json.exit(), json.toString());
        assertEquals("", json.err());
        JsonNode receipt = json.outJson();
        assertReceiptHeader(receipt, "none");
        assertEquals("", receipt.get("operation_id").asText());
        JsonNode detail = receipt.get("detail");
        assertEquals(
                "no member has the control facade yet, so the target has no record",
                detail.get("message").asText());
        assertEquals(2, detail.get("members").size());
        assertEquals(0, detail.get("steps").size());

        CliRun table = status(new Terminals(true, true));
        assertEquals(ExitCode.OK.code(), table.exit(), table.toString());
        assertEquals("", table.err());
        String text = table.out();
        assertTrue(
                text.startsWith(
                        "outcome: none\noperation: -\nreplication mode: external\nevidence: runtime, UNVERIFIED\n"
                                + "message: no member has the control facade yet, so the target has no record\n"),
                text);
        assertTrue(text.lines().anyMatch(line -> line.matches("  shard\\s+replica\\s+state")), text);
        assertTrue(text.lines().anyMatch(line -> line.matches("  1\\s+2\\s+-")), text);

        CliRun forced = status(new Terminals(true, true), "--json");
        assertEquals(receipt, forced.outJson(), "--json on a terminal prints the same document");
        assertEquals(List.of("status", "status", "status"), external.calls());
        assertEquals(List.of(), internal.calls(), "replication_mode external never reaches the internal provider");
    }

    @Test
    void aPublishedCodecFileIsTheArtifactSealWouldMakeAndStatusShowsItsCommittedRecord() {
        Path codec = codecFile();
        CliRun published = publishCodec(EXTERNAL, codec, CODEC, PublishFixtures.INVOCATION_ID);
        assertEquals(ExitCode.OK.code(), published.exit(), published.toString());
        assertEquals("", published.err());
        JsonNode receipt = published.outJson();
        assertReceiptHeader(receipt, "committed");
        JsonNode artifact = receipt.get("detail").get("artifact");
        assertEquals(2, artifact.get("row_count").asLong());
        CliRun sealed = CliRun.run("seal", "--source", codec.toString(), "--format", CODEC, "--columns", COLUMNS);
        assertEquals(ExitCode.OK.code(), sealed.exit(), sealed.toString());
        for (String field : List.of("artifact_sha256", "byte_size", "row_count", "schema_digest")) {
            assertEquals(
                    sealed.outJson().get(field),
                    artifact.get(field),
                    field + ": publish and seal read the codec file alike");
        }
        assertEquals(2, externalCluster.rows(0, TARGET), "member 0 holds the codec file's rows");
        assertEquals(2, externalCluster.rows(1, TARGET), "member 1 holds the codec file's rows");

        CliRun json = status(Terminals.NONE, "--invocation-id", PublishFixtures.INVOCATION_ID);
        assertEquals(ExitCode.OK.code(), json.exit(), json.toString());
        assertEquals("", json.err());
        JsonNode status = json.outJson();
        assertReceiptHeader(status, "committed");
        String operation = receipt.get("operation_id").asText();
        assertEquals(operation, status.get("operation_id").asText());
        JsonNode detail = status.get("detail");
        assertEquals("COMPLETED", detail.get("phase").asText());
        assertEquals(artifact, detail.get("artifact"));
        assertEquals(
                "[\"record belongs to this invocation\"]", detail.get("steps").toString());
        for (JsonNode member : detail.get("members")) {
            assertEquals("COMMITTED", member.get("publication").asText());
        }

        String text = status(new Terminals(true, false)).out();
        assertTrue(
                text.startsWith("outcome: committed\noperation: " + operation + "\nreplication mode: external\n"
                        + "evidence: runtime, UNVERIFIED\nmessage: published and cleaned up on every member\n"),
                text);
        assertTrue(text.contains("\nphase: COMPLETED\n"), text);
        assertTrue(
                text.contains("\nartifact:\n  artifact_sha256: "
                        + artifact.get("artifact_sha256").asText() + "\n"),
                text);
        assertTrue(text.contains("\npublication_ddl:\n  action: rename\n"), text);
        assertTrue(
                text.lines()
                        .anyMatch(line ->
                                line.matches("  shard\\s+replica\\s+state\\s+member_id\\s+stage\\s+publication.*")),
                text);
        assertTrue(
                text.lines()
                                .filter(line -> line.matches("\\s+READY\\s+COMMITTED\\s+NOT_NEEDED\\s+.*"))
                                .count()
                        == 2,
                text);
        assertEquals(List.of("publish", "status", "status"), external.calls());
        assertEquals(List.of(), internal.calls());
    }

    @Test
    void anUnknownCodecOrVersionIsRefusedByTheExternalPublisherBeforeAnyLock() {
        Path codec = codecFile();
        for (String unknown : List.of(CODEC + ";version=2", "mssql.bcp")) {
            CliRun refused = publishCodec(EXTERNAL, codec, unknown, "refused-" + unknown.length());
            assertEquals(ExitCode.RUNTIME_FAILURE.code(), refused.exit(), refused.toString());
            assertEquals("", refused.out());
            JsonNode error = refused.errJson().get("error");
            assertEquals(
                    "CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED",
                    error.get("code").asText());
            assertEquals(
                    "docs/errors/CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED.md",
                    error.get("docs").asText());
        }
        JsonNode after = status(Terminals.NONE).outJson();
        assertEquals("none", after.get("outcome").asText(), "nothing was locked: " + after);
    }

    @Test
    void internalModeRefusesACodecFileWithItsOwnCode() {
        CliRun refused = publishCodec(INTERNAL, codecFile(), CODEC, PublishFixtures.INVOCATION_ID);
        assertEquals(ExitCode.RUNTIME_FAILURE.code(), refused.exit(), refused.toString());
        assertEquals("", refused.out());
        JsonNode error = refused.errJson().get("error");
        assertEquals("SOURCE_FORMAT_UNSUPPORTED", error.get("code").asText());
        assertEquals(
                "docs/errors/SOURCE_FORMAT_UNSUPPORTED.md", error.get("docs").asText());
        assertEquals(List.of("publish"), internal.calls());
        assertEquals(List.of(), external.calls(), "no fallback to the other mode");
        JsonNode after =
                run(Terminals.NONE, "status", "-m", CliRun.fixture(INTERNAL)).outJson();
        assertEquals("internal", after.get("replication_mode").asText());
        assertEquals("none", after.get("outcome").asText(), "the refusal left no authority record: " + after);
    }
}
