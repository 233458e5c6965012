package io.dpone.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.StatusRequest;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code dpone status}: read-only, exit 0 whatever it shows, JSON for machines and a table for people. */
class CliStatusTest {
    private static final PublicationReceipt MIXED = PublishFixtures.receipt(
            PublicationOutcome.TERMINAL_PARTIAL,
            Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_PUBLICATION_TERMINAL_MIXED));

    private static CliRun status(RecordingProvider provider, Terminals terminals, String... extra) {
        List<String> args = new ArrayList<>(List.of("status", "-m", CliRun.fixture("cluster-internal.yaml")));
        args.addAll(List.of(extra));
        return CliRun.run(
                List.of(provider),
                HostVariables.of(PublishFixtures.environment()),
                terminals,
                Cancellation.NEVER,
                args.toArray(String[]::new));
    }

    @Test
    void withoutATerminalTheReceiptIsJsonOnStdoutAndTheExitIsZeroWhateverTheOutcome() {
        RecordingProvider provider = RecordingProvider.returning(MIXED);
        CliRun result = status(provider, Terminals.NONE, "--invocation-id", PublishFixtures.INVOCATION_ID);
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertEquals("", result.err());
        assertEquals(JsonDocuments.receipt(MIXED), result.outJson());
        StatusRequest request = provider.statusRequests().get(0);
        assertEquals(Optional.of(PublishFixtures.INVOCATION_ID), request.schedulerInvocationId());
        assertEquals(CliRun.SECRET_HOST, request.connection().host());
        assertEquals(List.of(), provider.requests(), "status never publishes");
    }

    @Test
    void aTargetWithoutARecordIsStatusNone() {
        PublicationReceipt none = PublishFixtures.receipt(PublicationOutcome.NONE, Optional.empty());
        RecordingProvider provider = RecordingProvider.returning(none);
        CliRun result = status(provider, Terminals.NONE);
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertEquals("none", result.outJson().get("outcome").asText());
        assertEquals(Optional.empty(), provider.statusRequests().get(0).schedulerInvocationId());
    }

    @Test
    void onATerminalStatusIsAReadableTableUnlessJsonIsAsked() {
        CliRun table = status(RecordingProvider.returning(MIXED), new Terminals(true, true));
        assertEquals(ExitCode.OK.code(), table.exit(), table.toString());
        assertEquals("", table.err());
        String text = table.out();
        assertTrue(
                text.startsWith(
                        "outcome: terminal_partial (CLICKHOUSE_CLUSTER_PUBLICATION_TERMINAL_MIXED)\noperation: op-1\n"),
                text);
        assertTrue(text.contains("phase: DISPATCHING\nmembers:\n"), text);
        assertTrue(text.lines().anyMatch(line -> line.matches("  shard\\s+replica\\s+state")), text);
        assertTrue(text.lines().anyMatch(line -> line.matches("  1\\s+1\\s+committed")), text);
        assertTrue(text.contains("ddl_entry:\n  entry: query-0000000042\n  status: Active\n"), text);

        CliRun json = status(RecordingProvider.returning(MIXED), new Terminals(true, true), "--json");
        assertEquals(JsonDocuments.receipt(MIXED), json.outJson());
    }

    @Test
    void aBlockedManifestIsRefusedBeforeAnyStatusRead() {
        RecordingProvider provider = RecordingProvider.returning(MIXED);
        CliRun result = CliRun.run(
                List.of(provider),
                PublishFixtures.environment(),
                "status",
                "-m",
                CliRun.fixture("blocked-ddl-scope-local.yaml"));
        assertEquals(ExitCode.BLOCKED.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        assertEquals(
                "CLUSTER_DDL_SCOPE_NOT_CLUSTER",
                result.errJson().get("error").get("code").asText());
        assertEquals(0, provider.publishers());
    }

    /** The sentinel host does not resolve: its connection code, with the cause kept (no longer INVENTORY_INCOMPLETE). */
    @Test
    void anUnreachableClusterIsARuntimeFailureOfTheRealProvider() {
        CliRun result = CliRun.run(
                HostContext.discoverProviders(),
                PublishFixtures.environment(),
                "status",
                "-m",
                CliRun.fixture("cluster-internal.yaml"));
        assertEquals(ExitCode.RUNTIME_FAILURE.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        assertEquals(
                "CONNECTION_HOST_UNKNOWN",
                result.errJson().get("error").get("code").asText());
        assertTrue(
                result.errJson().get("error").get("message").asText().contains("UnknownHostException"), result.err());
    }

    @Test
    void statusNeedsAConnectionAndAValidInvocationId() {
        RecordingProvider provider = RecordingProvider.returning(MIXED);
        CliRun noConnection =
                CliRun.run(List.of(provider), Map.of(), "status", "-m", CliRun.fixture("cluster-internal.yaml"));
        assertEquals(ExitCode.INVALID_INPUT.code(), noConnection.exit(), noConnection.toString());
        assertEquals(
                "CONNECTION_PROFILE_INVALID",
                noConnection.errJson().get("error").get("code").asText());
        CliRun badId = status(provider, Terminals.NONE, "--invocation-id", "");
        assertEquals(ExitCode.INVALID_INPUT.code(), badId.exit(), badId.toString());
        assertEquals(List.of(), provider.statusRequests());
    }
}
