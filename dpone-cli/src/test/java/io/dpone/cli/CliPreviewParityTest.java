package io.dpone.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.cli.input.ConnectionEnvironment;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import io.dpone.testkit.simulator.ClusterSimulator;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * External-mode preview parity with publish (issue 21): on the same bad input, {@code plan}
 * (offline with {@code --source}, and {@code --live}) names the code {@code publish} then ends
 * with. A {@code secure: true} connection is refused by {@code plan --live} exactly as by
 * {@code publish} (same code, same message; the real external provider, no server: both refuse
 * before connecting; red on main c884450: the plan went to the cluster and printed a document with no
 * error, where publish refused). A source
 * publish would refuse (the artifact's values, the rows' shape) is the plan's source blocker with
 * publish's code; publish runs the real external service over the deterministic simulator
 * (backend: SIMULATED), where it takes the slot, is refused by sealing and ends ABORTED with it.
 */
class CliPreviewParityTest {
    private static final String MANIFEST = CliRun.fixture("cluster-external.yaml");
    private static final String CODEC = "dpone.clickhouse.tab-separated";
    private static final String COLUMNS = "id UInt64, v Nullable(String)";

    @TempDir
    Path dir;

    @Test
    void planLiveRefusesSecureExactlyAsPublishDoes() {
        Map<String, String> variables = new HashMap<>(PublishFixtures.environment());
        variables.put(ConnectionEnvironment.SECURE, "true");
        Path codec = PublishFixtures.source(dir, ".tsv", "1\ta\n");
        CliRun publish = CliRun.run(
                HostContext.discoverProviders(),
                variables,
                "publish",
                "-m",
                MANIFEST,
                "--source",
                codec.toString(),
                "--invocation-id",
                "run-1",
                "--format",
                CODEC,
                "--columns",
                COLUMNS);
        CliRun plan = CliRun.run(HostContext.discoverProviders(), variables, "plan", "-m", MANIFEST, "--live");

        JsonNode published = publish.errJson().get("error");
        assertEquals(
                DponeErrorCode.CONNECTION_TLS_FAILED.name(),
                published.get("code").asText(),
                publish.toString());
        assertEquals(published, plan.errJson().get("error"), plan.toString());
        assertEquals(publish.exit(), plan.exit(), plan.toString());
        assertEquals("", plan.out(), "nothing but the error");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"not-a-number\\ta\\n | SOURCE_VALUE_INVALID", "1\\ta\\tb\\n        | SOURCE_MALFORMED"})
    void aSourcePublishWouldRefuseIsThePlansBlockerWithPublishsCode(String content, String code) {
        String rows = content.strip().replace("\\t", "\t").replace("\\n", "\n");
        try (SimulatedExternalCluster cluster = new SimulatedExternalCluster(
                ClusterSimulator.builder()
                        .members(2)
                        .seed(20261202L)
                        .internalReplication(false)
                        .clusterName("analytics_cluster")
                        .build(),
                FacadeSpec.PLATFORM)) {
            cluster.createDatabases("analytics", FacadeSpec.PLATFORM.control().database());
            SimulatedProviders.Recording external = SimulatedProviders.external(cluster);
            Path source = PublishFixtures.source(dir, ".tsv", rows);
            String[] described = {"--source", source.toString(), "--format", CODEC, "--columns", COLUMNS};

            CliRun offline = run(external, concat(new String[] {"plan", "-m", MANIFEST}, described));
            CliRun live = run(external, concat(new String[] {"plan", "-m", MANIFEST, "--live"}, described));
            CliRun publish = run(
                    external, concat(new String[] {"publish", "-m", MANIFEST, "--invocation-id", "run-1"}, described));

            assertEquals(ExitCode.BLOCKED.code(), offline.exit(), offline.toString());
            assertEquals(
                    code.strip(), offline.outJson().get("source").get("blocker").asText(), offline.toString());
            assertEquals(ExitCode.BLOCKED.code(), live.exit(), live.toString());
            assertEquals(
                    "new_operation", live.outJson().get("live").get("action").asText(), live.toString());
            assertEquals(
                    code.strip(), live.outJson().get("source").get("blocker").asText(), live.toString());
            assertEquals(
                    code.strip(), publish.errJson().get("error").get("code").asText(), publish.toString());
            assertEquals(List.of("preview", "publish"), external.calls(), "the offline plan reaches no provider");
        }
    }

    private static CliRun run(SimulatedProviders.Recording provider, String... args) {
        return CliRun.run(
                List.of(provider),
                HostVariables.of(PublishFixtures.environment()),
                Terminals.NONE,
                Cancellation.NEVER,
                args);
    }

    private static String[] concat(String[] first, String[] second) {
        String[] all = new String[first.length + second.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }
}
