package io.dpone.cli;

import static io.dpone.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21, "One CLI": the commands answer the same input the same way. Every test here was red on
 * main 32d8930 (pure, in process; what main did is in each comment).
 */
class CliConsistencyTest {
    private static final String COLUMNS = "id UInt32, name String";

    @TempDir
    Path dir;

    /** red on main 32d8930: seal exited 3 with SOURCE_UNREADABLE while publish exits 2 with SOURCE_UNAVAILABLE. */
    @Test
    void aMissingSourceIsSourceUnavailableExitTwoInPublishAndInSeal() {
        String missing = dir.resolve(CliRun.SOURCE_MARK + "-missing.csv").toString();
        CliRun seal = run("seal", "--source", missing, "--format", "CSVWithNames", "--columns", COLUMNS);
        CliRun publish = CliRun.run(
                HostContext.discoverProviders(),
                PublishFixtures.environment(),
                "publish",
                "-m",
                CliRun.fixture("cluster-internal.yaml"),
                "--source",
                missing,
                "--invocation-id",
                "run-1");
        for (CliRun result : new CliRun[] {seal, publish}) {
            assertEquals(ExitCode.INVALID_INPUT.code(), result.exit(), result.toString());
            assertEquals("", result.out());
            assertEquals(
                    "SOURCE_UNAVAILABLE",
                    result.errJson().get("error").get("code").asText());
        }
    }

    /** red on main 32d8930: exit 3 with CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED for a command-line value. */
    @Test
    void sealRowBudgetZeroIsAUsageError() throws Exception {
        Path csv = Files.writeString(dir.resolve("in.csv"), "id,name\n1,a\n");
        for (String budget : new String[] {"0", "-5"}) {
            CliRun result = run(
                    "seal",
                    "--source",
                    csv.toString(),
                    "--format",
                    "CSVWithNames",
                    "--columns",
                    COLUMNS,
                    "--row-budget",
                    budget);
            assertEquals(ExitCode.INVALID_INPUT.code(), result.exit(), result.toString());
            assertEquals("", result.out());
            assertTrue(result.err().startsWith("--row-budget must be a positive number of rows"), result.err());
            assertTrue(result.err().contains("Usage: dpone seal"), result.err());
        }
    }

    /**
     * red on main 32d8930: a relative --store was resolved against the working directory and used,
     * while external_artifact_store_path and DPONE_EXTERNAL_ARTIFACT_STORE refuse a relative path.
     */
    @Test
    void sealRefusesARelativeStoreLikeEveryOtherStorePath() throws Exception {
        Path csv = Files.writeString(dir.resolve("in.csv"), "id,name\n1,a\n");
        CliRun result = run(
                "seal",
                "--source",
                csv.toString(),
                "--format",
                "CSVWithNames",
                "--columns",
                COLUMNS,
                "--store",
                "relative-store-dir");
        assertEquals(ExitCode.INVALID_INPUT.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        assertTrue(result.err().startsWith("--store must be an absolute path"), result.err());
        assertFalse(Files.exists(Path.of("relative-store-dir")), "nothing was created");
    }

    /** red on main 32d8930: status --help listed exits 0-3 only, although a defect exits 4 there too. */
    @Test
    void statusHelpListsExitFour() {
        CliRun help = run("status", "--help");
        assertEquals(ExitCode.OK.code(), help.exit());
        assertTrue(
                help.out()
                        .lines()
                        .anyMatch(line -> line.strip().startsWith("4") && line.contains("HOST_INTERNAL_ERROR")),
                help.out());
    }

    /** red on main 32d8930: "unknown options or arguments" with no hint of the command meant. */
    @Test
    void aMistypedCommandSuggestsTheNearestAndNeverEchoesIt() {
        CliRun result = run("pubish", "-m", "orders.yaml");
        assertEquals(ExitCode.INVALID_INPUT.code(), result.exit());
        assertEquals("", result.out());
        assertTrue(result.err().contains("publish"), result.err());
        assertFalse(result.err().contains("pubish"), "the typed word is a value and is not echoed: " + result.err());
        CliRun option = run("check", "--manifets", "orders.yaml");
        assertEquals(ExitCode.INVALID_INPUT.code(), option.exit());
        assertTrue(option.err().contains("--manifest"), option.err());
        assertFalse(option.err().contains("orders.yaml"), option.err());
    }
}
