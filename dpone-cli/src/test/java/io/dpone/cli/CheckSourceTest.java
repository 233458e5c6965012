package io.dpone.cli;

import static io.dpone.cli.CliRun.fixture;
import static io.dpone.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dpone check --source} (issue 21): the source read offline with the modes' own readers and
 * sealer, no cluster and no connection at all (the environment is empty), each refusal the code
 * publication would give. Pure, in process. red on main 32d8930: check had no --source (usage
 * error), so an empty file, a header mismatch, bad UTF-8 or an oversized source were found only
 * after connecting.
 */
class CheckSourceTest {
    @TempDir
    Path dir;

    @BeforeEach
    void forbidTheDirectory() {
        CliRun.forbid(dir.toAbsolutePath().toString());
    }

    private Path source(String suffix, byte[] content) throws IOException {
        return Files.write(dir.resolve(CliRun.SOURCE_MARK + suffix), content);
    }

    private Path source(String suffix, String content) throws IOException {
        return source(suffix, content.getBytes(StandardCharsets.UTF_8));
    }

    /** A copy of a fixture manifest with one line replaced. */
    private String manifest(String fixture, String line, String replacement) throws IOException {
        String text = Files.readString(Path.of(fixture(fixture)));
        assertTrue(text.contains(line), line);
        return Files.writeString(dir.resolve("m-" + System.nanoTime() + ".yaml"), text.replace(line, replacement))
                .toString();
    }

    private static void assertRefused(CliRun result, int exit, String code, String... words) {
        assertEquals(exit, result.exit(), result.toString());
        assertEquals("", result.out(), "stdout stays empty");
        JsonNode error = result.errJson().get("error");
        assertEquals(code, error.get("code").asText());
        for (String word : words) {
            assertTrue(
                    error.get("message").asText().contains(word),
                    error.get("message").asText());
        }
    }

    @Test
    void aGoodSourceIsReadToTheEndAndDescribed() throws IOException {
        CliRun result = run(
                "check",
                "-m",
                fixture("cluster-internal.yaml"),
                "--source",
                source(".csv", "id,name\n1,a\n2,\"b,c\"\n").toString());
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertEquals("", result.err());
        JsonNode summary = result.outJson();
        assertTrue(summary.get("admitted").asBoolean());
        JsonNode checked = summary.get("source");
        assertEquals("CSVWithNames", checked.get("format").asText());
        assertEquals("none", checked.get("compression").asText());
        assertEquals(
                List.of("id", "name"),
                List.of(
                        checked.get("columns").get(0).asText(),
                        checked.get("columns").get(1).asText()));
        assertEquals(2, checked.get("rows").asLong());
        assertEquals(1073741824L, checked.get("max_source_bytes").asLong());
        assertFalse(checked.has("row_budget"), "internal mode has no row budget");
    }

    @Test
    void anEmptyFileBadUtf8AndARaggedRowAreMalformed() throws IOException {
        String internal = fixture("cluster-internal.yaml");
        assertRefused(
                run(
                        "check",
                        "-m",
                        internal,
                        "--source",
                        source("-empty.csv", "").toString()),
                3,
                "SOURCE_MALFORMED",
                "header row");
        byte[] latin1 = "id,name\n1,a\n2,Gr\u00fc\u00dfe\n".getBytes(StandardCharsets.ISO_8859_1);
        assertRefused(
                run(
                        "check",
                        "-m",
                        internal,
                        "--source",
                        source("-latin1.csv", latin1).toString()),
                3,
                "SOURCE_MALFORMED",
                "row 2",
                "UTF-8");
        assertRefused(
                run(
                        "check",
                        "-m",
                        internal,
                        "--source",
                        source("-ragged.tsv", "id\tname\n1\ta\textra\n").toString()),
                3,
                "SOURCE_MALFORMED",
                "row 1");
    }

    @Test
    void aHeaderMismatchNamesTheColumns() throws IOException {
        Path csv = source(".csv", "id,custmer,amount\n1,a,2\n");
        assertRefused(
                run(
                        "check",
                        "-m",
                        fixture("cluster-internal.yaml"),
                        "--source",
                        csv.toString(),
                        "--expect-columns",
                        "id, customer, amount"),
                3,
                "SOURCE_SCHEMA_INVALID",
                "missing \"customer\"",
                "unexpected \"custmer\"");
        CliRun matching = run(
                "check",
                "-m",
                fixture("cluster-internal.yaml"),
                "--source",
                csv.toString(),
                "--expect-columns",
                "id, custmer, amount");
        assertEquals(ExitCode.OK.code(), matching.exit(), matching.toString());
    }

    @Test
    void aSourceLargerThanMaxSourceBytesIsTooLarge() throws IOException {
        String small = manifest("cluster-internal.yaml", "max_source_bytes: 1073741824", "max_source_bytes: 10");
        assertRefused(
                run(
                        "check",
                        "-m",
                        small,
                        "--source",
                        source(".csv", "id,name\n1,abcdefgh\n").toString()),
                3,
                "CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE",
                "max_source_bytes");
    }

    @Test
    void externalModeHoldsTheRowBudgetAndChecksTypedValues() throws IOException {
        String tiny = manifest(
                "cluster-external.yaml", "external_content_row_budget: 100000", "external_content_row_budget: 1");
        assertRefused(
                run(
                        "check",
                        "-m",
                        tiny,
                        "--source",
                        source(".csv", "id,name\n1,a\n2,b\n").toString()),
                3,
                "CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED",
                "external_content_row_budget");
        String external = fixture("cluster-external.yaml");
        CliRun typed = run(
                "check",
                "-m",
                external,
                "--source",
                source(".csv", "id,name\nUInt8,String\n1,a\n").toString(),
                "--format",
                "CSVWithNamesAndTypes");
        assertEquals(ExitCode.OK.code(), typed.exit(), typed.toString());
        assertTrue(typed.outJson()
                .get("source")
                .get("values_checked_against_types")
                .asBoolean());
        assertEquals(100000, typed.outJson().get("source").get("row_budget").asLong());
        assertRefused(
                run(
                        "check",
                        "-m",
                        external,
                        "--source",
                        source("-bad.csv", "id,name\nUInt8,String\n300,a\n").toString(),
                        "--format",
                        "CSVWithNamesAndTypes"),
                3,
                "SOURCE_VALUE_INVALID",
                "row 1, column 1");
        CliRun codec = run(
                "check",
                "-m",
                external,
                "--source",
                source(".tsv", "1\ta\n2\tb\n").toString(),
                "--format",
                "dpone.clickhouse.tab-separated",
                "--columns",
                "id UInt8, name String");
        assertEquals(ExitCode.OK.code(), codec.exit(), codec.toString());
        assertEquals(2, codec.outJson().get("source").get("rows").asLong());
    }

    @Test
    void theRefusalsOfPublishApply() throws IOException {
        assertRefused(
                run(
                        "check",
                        "-m",
                        fixture("cluster-internal.yaml"),
                        "--source",
                        dir.resolve("missing.csv").toString()),
                2,
                "SOURCE_UNAVAILABLE");
        // internal mode reads no codec file, as publish refuses it
        assertRefused(
                run(
                        "check",
                        "-m",
                        fixture("cluster-internal.yaml"),
                        "--source",
                        source(".tsv", "1\ta\n").toString(),
                        "--format",
                        "dpone.clickhouse.tab-separated",
                        "--columns",
                        "id UInt8, name String"),
                3,
                "SOURCE_FORMAT_UNSUPPORTED");
        CliRun usage = run("check", "-m", fixture("cluster-internal.yaml"), "--expect-columns", "id");
        assertEquals(ExitCode.INVALID_INPUT.code(), usage.exit());
        assertTrue(usage.err().startsWith("--format, --columns and --expect-columns describe --source"), usage.err());
    }

    @Test
    void aBlockedManifestNeverReadsItsSource() throws IOException {
        CliRun result = run(
                "check",
                "-m",
                fixture("blocked-ddl-scope-local.yaml"),
                "--source",
                source("-empty.csv", "").toString());
        assertEquals(ExitCode.BLOCKED.code(), result.exit(), result.toString());
        assertFalse(result.outJson().has("source"));
    }
}
