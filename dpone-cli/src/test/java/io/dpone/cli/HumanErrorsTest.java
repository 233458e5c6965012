package io.dpone.cli;

import static io.dpone.cli.CliRun.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.cli.render.ErrorPages;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Errors for people (issue 21): on a terminal stderr says the code, the message, what to do and
 * the page; {@code --errors} chooses either form anywhere; pipes keep one JSON line (pure, in process).
 */
class HumanErrorsTest {
    private static final Terminals TERMINAL = new Terminals(true, true);

    private static CliRun onTerminal(String... args) {
        return CliRun.run(HostContext.discoverProviders(), HostVariables.empty(), TERMINAL, Cancellation.NEVER, args);
    }

    @Test
    void onATerminalAnErrorSaysTheCodeTheMessageWhatToDoAndThePage() {
        CliRun result = onTerminal("check", "-m", fixture("invalid-unknown-keys.yaml"));
        assertEquals(ExitCode.INVALID_INPUT.code(), result.exit());
        assertEquals("", result.out());
        List<String> lines = result.err().lines().toList();
        assertEquals("error: MANIFEST_SCHEMA_INVALID (1002, USER_ERROR)", lines.get(0), result.err());
        assertEquals("  the manifest does not match the schema", lines.get(1));
        assertTrue(
                lines.stream().anyMatch(line -> line.startsWith("  - /") && line.contains("unknown key")),
                result.err());
        assertTrue(
                lines.stream().anyMatch(line -> line.startsWith("  what to do: ") && line.length() > 30), result.err());
        assertEquals("  read: docs/errors/MANIFEST_SCHEMA_INVALID.md", lines.get(lines.size() - 1));
        assertFalse(result.err().contains("{"), "no JSON for a person: " + result.err());
    }

    @Test
    void aBlockedPublicationNamesEveryBlocker() {
        CliRun result = CliRun.run(
                HostContext.discoverProviders(),
                HostVariables.of(Map.of()),
                TERMINAL,
                Cancellation.NEVER,
                "status",
                "-m",
                fixture("blocked-ddl-scope-local.yaml"));
        assertEquals(ExitCode.BLOCKED.code(), result.exit());
        assertTrue(result.err().startsWith("error: CLUSTER_DDL_SCOPE_NOT_CLUSTER (1007, USER_ERROR)\n"), result.err());
        assertTrue(result.err().contains("  - CLUSTER_DDL_SCOPE_NOT_CLUSTER: "), result.err());
    }

    @Test
    void errorsJsonKeepsOneJsonLineOnATerminalWhereverTheOptionStands() {
        for (String[] args : List.of(
                new String[] {"--errors", "json", "check", "-m", fixture("invalid-unknown-keys.yaml")},
                new String[] {"check", "--errors=JSON", "-m", fixture("invalid-unknown-keys.yaml")})) {
            CliRun result = onTerminal(args);
            assertEquals(ExitCode.INVALID_INPUT.code(), result.exit());
            assertEquals(
                    "MANIFEST_SCHEMA_INVALID",
                    result.errJson().get("error").get("code").asText());
        }
    }

    @Test
    void errorsHumanWritesTextIntoAPipeToo() {
        CliRun result = CliRun.run("check", "--errors", "human", "-m", fixture("invalid-unknown-keys.yaml"));
        assertEquals(ExitCode.INVALID_INPUT.code(), result.exit());
        assertTrue(result.err().startsWith("error: MANIFEST_SCHEMA_INVALID"), result.err());
        CliRun piped = CliRun.run("check", "-m", fixture("invalid-unknown-keys.yaml"));
        assertEquals(
                "MANIFEST_SCHEMA_INVALID",
                piped.errJson().get("error").get("code").asText());
    }

    @Test
    void everyCodeHasWhatToDoInThePagePackedIntoTheLauncher() {
        for (DponeErrorCode code : DponeErrorCode.values()) {
            String advice = ErrorPages.advice(code)
                    .orElseThrow(() -> new AssertionError(code + " has no \"What the operator does\""));
            assertTrue(advice.length() > 20 && !advice.contains("](") && !advice.contains("\n"), code + ": " + advice);
        }
    }
}
