package io.dpone.cli;

import static io.dpone.cli.CliRun.fixture;
import static io.dpone.cli.CliRun.run;
import static io.dpone.cli.PublishFixtures.csv;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpone.spi.publication.HostEnvironment;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DponeCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static void assertCleanStderrFailure(CliRun result, int exit, String code) {
        assertEquals(exit, result.exit(), result.toString());
        assertEquals("", result.out(), "stdout must stay empty");
        JsonNode error = result.errJson().get("error");
        assertEquals(code, error.get("code").asText());
        assertEquals("docs/errors/" + code + ".md", error.get("docs").asText());
        assertFalse(result.err().contains("\tat "), "no stack trace");
    }

    @Test
    void planRendersExactlyTheReferenceDecisionDocument() throws Exception {
        CliRun result = run("plan", "-m", fixture("cluster-internal.yaml"));
        assertEquals(ExitCode.OK.code(), result.exit());
        assertEquals("", result.err());
        assertEquals(JSON.readTree("""
                {"requested": true, "selected": true, "mode": "cluster_internal", "replication_mode": "internal",
                 "runtime_admission_required": true, "no_fallback": true, "blockers": []}"""), result.outJson());
    }

    @Test
    void planOfAJsonExternalManifestSelectsExternalMode() {
        JsonNode decision = run("plan", "-m", fixture("cluster-external.json")).outJson();
        assertEquals("cluster_external", decision.get("mode").asText());
        assertEquals("external", decision.get("replication_mode").asText());
        assertTrue(decision.get("selected").asBoolean());
    }

    @Test
    void planRendersTheDecisionThenExitsOneWhenBlocked() {
        CliRun result = run("plan", "-m", fixture("blocked-external-no-store.yaml"));
        assertEquals(ExitCode.BLOCKED.code(), result.exit());
        assertEquals("", result.err());
        JsonNode decision = result.outJson();
        assertFalse(decision.get("selected").asBoolean());
        assertEquals("cluster_external", decision.get("mode").asText());
        assertEquals(
                "EXTERNAL_ARTIFACT_STORE_UNAVAILABLE",
                decision.get("blockers").get(0).get("code").asText());
    }

    @Test
    void checkAndPlanShareOnePolicyIncludingTheEnvironment() {
        HostEnvironment store = HostEnvironment.from(Map.of("DPONE_EXTERNAL_ARTIFACT_STORE", "/srv/dpone"));
        CliRun check = CliRun.run(
                HostContext.discoverProviders(), store, "check", "-m", fixture("blocked-external-no-store.yaml"));
        CliRun plan = CliRun.run(
                HostContext.discoverProviders(), store, "plan", "-m", fixture("blocked-external-no-store.yaml"));
        assertEquals(ExitCode.OK.code(), check.exit());
        assertEquals(ExitCode.OK.code(), plan.exit());
        assertTrue(check.outJson().get("admitted").asBoolean());
        assertEquals(check.outJson().get("blockers"), plan.outJson().get("blockers"));
        CliRun blockedCheck = run("check", "-m", fixture("blocked-ddl-scope-local.yaml"));
        assertEquals(ExitCode.BLOCKED.code(), blockedCheck.exit());
        assertEquals(
                "CLUSTER_DDL_SCOPE_NOT_CLUSTER",
                blockedCheck.outJson().get("blockers").get(0).get("code").asText());
    }

    @Test
    void schemaInvalidManifestIsATypedStderrDocumentWithExitTwo() {
        CliRun result = run("check", "-m", fixture("invalid-relative-store.yaml"));
        assertCleanStderrFailure(result, ExitCode.INVALID_INPUT.code(), "MANIFEST_SCHEMA_INVALID");
        assertEquals(
                "/sink/options/external_artifact_store_path",
                result.errJson()
                        .get("error")
                        .get("violations")
                        .get(0)
                        .get("path")
                        .asText());
        assertCleanStderrFailure(
                run("plan", "-m", fixture("invalid-unknown-keys.yaml")),
                ExitCode.INVALID_INPUT.code(),
                "MANIFEST_SCHEMA_INVALID");
    }

    @Test
    void unreadableManifestNeverEchoesItsPath() {
        CliRun result = run("plan", "-m", "/no/such/dir/secret-name.yaml");
        assertCleanStderrFailure(result, ExitCode.INVALID_INPUT.code(), "MANIFEST_UNREADABLE");
        assertFalse(result.err().contains("secret-name"));
        assertCleanStderrFailure(
                run("check", "-m", fixture("../README.txt")), ExitCode.INVALID_INPUT.code(), "MANIFEST_UNREADABLE");
    }

    @Test
    void runtimeFailureIsOneTypedStderrDocumentWithEmptyStdout() {
        CliRun result = CliRun.run(
                HostContext.discoverProviders(), PublishFixtures.environment(), PublishFixtures.publish(csv(dir)));
        // The real internal provider publishes: the sentinel host does not resolve, so admission blocks before any
        // mutation.
        assertCleanStderrFailure(result, ExitCode.RUNTIME_FAILURE.code(), "CONNECTION_HOST_UNKNOWN");
        assertEquals("BLOCKED", result.errJson().get("error").get("type").asText());
        assertEquals(1031, result.errJson().get("error").get("number").asInt());
    }

    /**
     * A coordinator nothing listens on, through the real providers of both modes (no server): its own
     * code, and status keeps the cause. red on main 32d8930 (run by hand): with
     * {@code DPONE_CLICKHOUSE_HTTP_PORT=1} publish and status were CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE,
     * whose page says to restore members, status saying only "the inventory could not be read"; the
     * spelling {@code 127.0.0.1:1} was HOST_INTERNAL_ERROR (IllegalArgumentException in the transport).
     */
    @Test
    void aRefusedCoordinatorIsConnectionRefusedNotAMissingMember() {
        for (Map<String, String> refused : List.of(
                Map.of("DPONE_CLICKHOUSE_HOST", "127.0.0.1:1"),
                Map.of("DPONE_CLICKHOUSE_HOST", "127.0.0.1", "DPONE_CLICKHOUSE_HTTP_PORT", "1"))) {
            assertRefusedInBothModes(refused);
        }
    }

    private void assertRefusedInBothModes(Map<String, String> refused) {
        for (String manifest : List.of("cluster-internal.yaml", "cluster-external.yaml")) {
            CliRun publish = CliRun.run(
                    HostContext.discoverProviders(),
                    refused,
                    "publish",
                    "-m",
                    fixture(manifest),
                    "--source",
                    csv(dir).toString(),
                    "--invocation-id",
                    "run-1");
            assertCleanStderrFailure(publish, ExitCode.RUNTIME_FAILURE.code(), "CONNECTION_REFUSED");
            CliRun status = CliRun.run(HostContext.discoverProviders(), refused, "status", "-m", fixture(manifest));
            assertCleanStderrFailure(status, ExitCode.RUNTIME_FAILURE.code(), "CONNECTION_REFUSED");
            String message = status.errJson().get("error").get("message").asText();
            assertTrue(message.contains("read failed: NOT_SENT") && message.contains("Connection refused"), message);
            assertFalse(message.contains("127.0.0.1"), message);
        }
    }

    @Test
    void publishRefusesABlockedRequestBeforeCreatingAPublisher() {
        RecordingProvider provider = RecordingProvider.failingWith(new IllegalStateException("must not run"));
        CliRun result = CliRun.run(
                List.of(provider),
                HostEnvironment.empty(),
                "publish",
                "-m",
                fixture("blocked-ddl-scope-local.yaml"),
                "--source",
                csv(dir).toString(),
                "--invocation-id",
                "x");
        assertCleanStderrFailure(result, ExitCode.BLOCKED.code(), "CLUSTER_DDL_SCOPE_NOT_CLUSTER");
        assertEquals(
                "cluster_internal",
                result.errJson().get("error").get("decision").get("mode").asText());
        assertEquals(0, provider.publishers());
    }

    @Test
    void providerDefectIsHostInternalErrorWithoutItsMessage() {
        RecordingProvider provider = RecordingProvider.failingWith(new IllegalStateException("password=hunter2"));
        CliRun result = CliRun.run(List.of(provider), PublishFixtures.environment(), PublishFixtures.publish(csv(dir)));
        assertCleanStderrFailure(result, ExitCode.INTERNAL_ERROR.code(), "HOST_INTERNAL_ERROR");
        assertEquals(
                "java.lang.IllegalStateException",
                result.errJson().get("error").get("cause_type").asText());
        assertFalse(result.err().contains("hunter2"));
    }

    @Test
    void successfulPublicationPrintsTheReceiptOnStdoutOnly() {
        RecordingProvider provider = RecordingProvider.succeeding();
        CliRun result = CliRun.run(List.of(provider), PublishFixtures.environment(), PublishFixtures.publish(csv(dir)));
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertEquals("", result.err());
        assertEquals("runtime", result.outJson().get("evidence_scope").asText());
        assertEquals("UNVERIFIED", result.outJson().get("evidence_status").asText());
        assertEquals(1, provider.publishers());
    }

    @Test
    void missingProviderIsAStableBlockerNotAFallback() {
        CliRun result = CliRun.run(
                List.of(RecordingProvider.succeeding()),
                HostEnvironment.empty(),
                "plan",
                "-m",
                fixture("cluster-external.yaml"));
        assertEquals(ExitCode.BLOCKED.code(), result.exit());
        JsonNode decision = result.outJson();
        assertEquals(
                "PUBLICATION_PROVIDER_UNAVAILABLE",
                decision.get("blockers").get(0).get("code").asText());
        assertEquals("cluster_external", decision.get("mode").asText());
        assertTrue(decision.get("no_fallback").asBoolean());
    }

    @Test
    void providersListsBothModesFromTheServiceLoader() {
        JsonNode providers = run("providers").outJson().get("providers");
        assertEquals(2, providers.size());
        assertEquals("internal", providers.get(0).get("replication_mode").asText());
        assertEquals("external", providers.get(1).get("replication_mode").asText());
    }

    @Test
    void demoChecksPlansAndPublishesOnASimulatedCluster() {
        CliRun result = run("demo", "--json");
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertTrue(result.outJson().get("check").get("admitted").asBoolean());
        assertEquals(
                "cluster_internal", result.outJson().get("plan").get("mode").asText());
        assertTrue(result.outJson().get("cluster").asText().startsWith("SIMULATED"));
        assertEquals("existing-target", result.outJson().get("scenario").asText());
        assertTrue(result.outJson().get("passed").asBoolean());
        assertEquals(
                "committed",
                result.outJson().get("receipts").get(0).get("outcome").asText());
    }

    @Test
    void demoNarratesInTextAndSaysTheClusterIsSimulated() {
        CliRun result = run("demo");
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertTrue(result.out().startsWith("dpone demo: SIMULATED cluster"), result.out());
        assertTrue(result.out().contains("-> committed"), result.out());
    }

    @Test
    void demoListsEveryScenarioNameFirstAndRunsOneByName() {
        CliRun listed = run("demo", "--list");
        assertEquals(ExitCode.OK.code(), listed.exit());
        List<String> lines = listed.out().lines().toList();
        assertTrue(lines.size() >= 13, "one line per acceptance scenario");
        assertTrue(lines.stream().allMatch(line -> line.matches("[a-z0-9-]+\\t.+")), listed.out());
        CliRun partial = run("demo", "--scenario", "terminal-error-on-one-replica", "--json");
        assertEquals(ExitCode.OK.code(), partial.exit(), partial.toString());
        assertEquals(
                "terminal_partial",
                partial.outJson().get("receipts").get(0).get("outcome").asText());
        assertEquals(
                ExitCode.INVALID_INPUT.code(),
                run("demo", "--scenario", "no-such-thing").exit());
    }

    /** red on main 32d8930: --list ignored --json and printed tab-separated lines. */
    @Test
    void demoListHonoursJson() {
        CliRun listed = run("demo", "--list", "--json");
        assertEquals(ExitCode.OK.code(), listed.exit(), listed.toString());
        JsonNode scenarios = listed.outJson().get("scenarios");
        assertEquals(run("demo", "--list").out().lines().count(), scenarios.size());
        assertEquals("existing-target", scenarios.get(0).get("name").asText());
        assertFalse(scenarios.get(0).get("description").asText().isEmpty());
    }

    /** {@code demo --status}: after the scenario, the status table an operator's {@code dpone status} shows (red on main: no such option). */
    @Test
    void demoStatusShowsTheTargetsStatusTableAfterTheScenario() {
        CliRun text = run("demo", "--scenario", "slow-replica", "--status");
        assertEquals(ExitCode.OK.code(), text.exit(), text.toString());
        String after = text.out().substring(text.out().indexOf("status of the target afterwards (dpone status):"));
        assertTrue(after.contains("\noutcome: committed\n"), after);
        assertTrue(after.lines().anyMatch(line -> line.strip().matches("shard\\s+replica\\s+state.*")), after);
        CliRun json = run("demo", "--scenario", "slow-replica", "--status", "--json");
        assertEquals("committed", json.outJson().get("status").get("outcome").asText());
        assertFalse(run("demo", "--json").outJson().has("status"), "only with --status");
    }

    @Test
    void anUnknownDemoScenarioIsAUsageError() {
        CliRun result = run("demo", "--scenario", "no-such-thing");
        assertEquals(ExitCode.INVALID_INPUT.code(), result.exit());
        assertEquals("", result.out());
        assertTrue(result.err().startsWith("--scenario names no scenario; see dpone demo --list"), result.err());
        assertFalse(result.err().contains("no-such-thing"), "the value is not echoed");
    }

    @Test
    void demoRunsTheQueueEvidenceHazardsAndNoReceiptCommits() {
        assertTrue(run("demo", "--list").out().lines().anyMatch(line -> line.startsWith("queue-evidence-hazards\t")));
        CliRun hazards = run("demo", "--scenario", "queue-evidence-hazards", "--json");
        assertEquals(ExitCode.OK.code(), hazards.exit(), hazards.toString());
        var receipts = hazards.outJson().get("receipts");
        assertTrue(receipts.size() >= 10, "two or more receipts per hazard: " + receipts.size());
        for (var receipt : receipts) {
            assertTrue(
                    List.of("unknown", "waiting")
                            .contains(receipt.get("outcome").asText()),
                    receipt.toString());
        }
    }

    @Test
    void usageErrorsExitTwoWithEmptyStdout() {
        for (String[] args : List.of(
                new String[] {"plan"}, new String[] {"frobnicate"}, new String[] {}, new String[] {"check", "-x"})) {
            CliRun result = run(args);
            assertEquals(
                    ExitCode.INVALID_INPUT.code(), result.exit(), List.of(args).toString());
            assertEquals("", result.out());
        }
    }
}
