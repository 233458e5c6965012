package io.dpone.cli;

import static io.dpone.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.spi.publication.HostEnvironment;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dpone seal} in process, with the real external module's sealer found by ServiceLoader (pure, offline). */
class SealCommandTest {
    private static final String COLUMNS = "id UInt32, name Nullable(String), amount Decimal(10, 2)";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    private static void assertRefused(CliRun result, String code) {
        assertEquals(ExitCode.RUNTIME_FAILURE.code(), result.exit(), result.toString());
        assertEquals("", result.out(), "stdout must stay empty");
        JsonNode error = result.errJson().get("error");
        assertEquals(code, error.get("code").asText());
        assertEquals("docs/errors/" + code + ".md", error.get("docs").asText());
        assertFalse(result.err().contains("\tat "), "no stack trace");
        assertFalse(result.err().contains("secret"), result.err());
    }

    @Test
    void sealPrintsExactlyTheArtifactIdentityAndKeepsItInTheStore() throws Exception {
        Path csv = write("in.csv", "id,name,amount\n1,\"a,b\",1.5\n2,\\N,-2\n");
        Path store = dir.resolve("store");
        CliRun result = run(
                "seal",
                "--source",
                csv.toString(),
                "--format",
                "CSVWithNames",
                "--columns",
                COLUMNS,
                "--store",
                store.toString());
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertEquals("", result.err());
        JsonNode document = result.outJson();
        assertEquals(List.of("artifact_sha256", "byte_size", "row_count", "schema_digest"), fieldNames(document));
        assertEquals(2, document.get("row_count").asLong());
        Path artifact =
                store.resolve("sha256").resolve(document.get("artifact_sha256").asText());
        assertEquals(Files.size(artifact), document.get("byte_size").asLong());
        assertEquals(
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(artifact))),
                document.get("artifact_sha256").asText());
        assertTrue(document.get("schema_digest").asText().matches("[0-9a-f]{64}"));

        Path tsv = write("in.tsv", "id\tname\tamount\n1\ta,b\t1.50\n2\t\\N\t-2.00\n");
        CliRun same = run("seal", "--source", tsv.toString(), "--format", "TSVWithNames", "--columns", COLUMNS);
        assertEquals(document, same.outJson(), "the same values in another format seal to the same artifact");
    }

    @Test
    void withoutStoreTheEnvironmentStoreIsUsedElseATemporaryOneIsDeleted() throws Exception {
        Path csv = write("in.csv", "id,name,amount\n1,x,1\n");
        Path store = dir.resolve("env-store");
        CliRun result = CliRun.run(
                HostContext.discoverProviders(),
                HostEnvironment.from(Map.of("DPONE_EXTERNAL_ARTIFACT_STORE", store.toString())),
                "seal",
                "--source",
                csv.toString(),
                "--format",
                "CSVWithNames",
                "--columns",
                COLUMNS);
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertTrue(Files.exists(store.resolve("sha256")
                .resolve(result.outJson().get("artifact_sha256").asText())));

        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        long before = countSealDirs(tmp);
        assertEquals(
                ExitCode.OK.code(),
                run("seal", "--source", csv.toString(), "--format", "CSVWithNames", "--columns", COLUMNS)
                        .exit());
        assertEquals(before, countSealDirs(tmp), "the temporary store is deleted");

        CliRun relative = CliRun.run(
                HostContext.discoverProviders(),
                HostEnvironment.from(Map.of("DPONE_EXTERNAL_ARTIFACT_STORE", "rel")),
                "seal",
                "--source",
                csv.toString(),
                "--format",
                "CSVWithNames",
                "--columns",
                COLUMNS);
        assertRefused(relative, "EXTERNAL_ARTIFACT_STORE_UNAVAILABLE");
    }

    @Test
    void badInputIsATypedStderrDocumentWithEmptyStdout() throws Exception {
        Path good = write("good.csv", "id,name,amount\n1,x,1\n");
        assertRefused(
                run(
                        "seal",
                        "--source",
                        write("bad.csv", "id,name,amount\n1,\"secret\n").toString(),
                        "--format",
                        "CSVWithNames",
                        "--columns",
                        COLUMNS),
                "SOURCE_MALFORMED");
        assertRefused(
                run(
                        "seal",
                        "--source",
                        write("value.csv", "id,name,amount\nsecret,x,1\n").toString(),
                        "--format",
                        "CSVWithNames",
                        "--columns",
                        COLUMNS),
                "SOURCE_VALUE_INVALID");
        assertRefused(
                run(
                        "seal",
                        "--source",
                        good.toString(),
                        "--format",
                        "CSVWithNames",
                        "--columns",
                        "id UInt32, name String"),
                "SOURCE_SCHEMA_INVALID");
        assertRefused(
                run("seal", "--source", good.toString(), "--format", "CSVWithNames", "--columns", "id UInt32 name"),
                "SOURCE_TYPE_UNSUPPORTED");
        assertRefused(
                run("seal", "--source", good.toString(), "--format", "CSVWithNames", "--columns", "id"),
                "SOURCE_SCHEMA_INVALID");
        for (String format : List.of(
                "TabSeparated", "Native", "RowBinary", "mssql.bcp", "dpone.clickhouse.tab-separated;version=2")) {
            assertRefused(
                    run("seal", "--source", good.toString(), "--format", format, "--columns", COLUMNS),
                    "CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED");
        }
        ByteArrayOutputStream gzip = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gzip)) {
            out.write("id,name,amount\n1,x,1\n".getBytes(StandardCharsets.UTF_8));
        }
        Path compressed = Files.write(dir.resolve("hidden.csv"), gzip.toByteArray());
        assertRefused(
                run("seal", "--source", compressed.toString(), "--format", "CSVWithNames", "--columns", COLUMNS),
                "CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED");
        // internal mode reads gzip and zstd since issue 20; external mode still refuses both (spec 001)
        byte[] zstdMagic = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x24, 0x15, 0x00};
        for (String name : List.of("hidden-zstd.csv", "named.csv.zst")) {
            Path zstdFile = Files.write(dir.resolve(name), zstdMagic);
            assertRefused(
                    run("seal", "--source", zstdFile.toString(), "--format", "CSVWithNames", "--columns", COLUMNS),
                    "CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED");
        }
        Path two = write("two.csv", "id,name,amount\n1,x,1\n2,y,2\n");
        assertRefused(
                run(
                        "seal",
                        "--source",
                        two.toString(),
                        "--format",
                        "CSVWithNames",
                        "--columns",
                        COLUMNS,
                        "--row-budget",
                        "1"),
                "CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED");
        assertEquals(
                ExitCode.OK.code(),
                run(
                                "seal",
                                "--source",
                                two.toString(),
                                "--format",
                                "CSVWithNames",
                                "--columns",
                                COLUMNS,
                                "--row-budget",
                                "2")
                        .exit());
    }

    @Test
    void theCodecIsSealedLikeTheSameCsv() throws Exception {
        Path codec = write("export.tsv", "1\ta,b\t1.5\n2\t\\N\t-2\n");
        Path csv = write("same.csv", "id,name,amount\n1,\"a,b\",1.5\n2,\\N,-2\n");
        CliRun fromCodec = run(
                "seal",
                "--source",
                codec.toString(),
                "--format",
                "dpone.clickhouse.tab-separated",
                "--columns",
                COLUMNS);
        assertEquals(ExitCode.OK.code(), fromCodec.exit(), fromCodec.toString());
        assertEquals(
                run("seal", "--source", csv.toString(), "--format", "CSVWithNames", "--columns", COLUMNS)
                        .outJson(),
                fromCodec.outJson());
    }

    @Test
    void missingOptionsAreUsageErrors() {
        CliRun result = run("seal", "--format", "CSVWithNames");
        assertEquals(ExitCode.INVALID_INPUT.code(), result.exit());
        assertEquals("", result.out());
    }

    private static long countSealDirs(Path tmp) throws Exception {
        try (Stream<Path> entries = Files.list(tmp)) {
            return entries.filter(path -> path.getFileName().toString().startsWith("dpone-seal-"))
                    .count();
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
