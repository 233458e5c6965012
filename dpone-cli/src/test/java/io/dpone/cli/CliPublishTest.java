package io.dpone.cli;

import static io.dpone.cli.PublishFixtures.csv;
import static io.dpone.cli.PublishFixtures.environment;
import static io.dpone.cli.PublishFixtures.publish;
import static io.dpone.cli.PublishFixtures.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.PublicationRequest;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code dpone publish} against a recording provider: the request it hands over and how each outcome is reported. */
class CliPublishTest {
    @TempDir
    Path dir;

    private static CliRun run(RecordingProvider provider, String... args) {
        return CliRun.run(List.of(provider), environment(), args);
    }

    private static void assertUsageError(CliRun result, RecordingProvider provider) {
        assertEquals(ExitCode.INVALID_INPUT.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        assertTrue(result.err().contains("Usage: dpone publish"), result.err());
        assertEquals(0, provider.publishers(), "nothing runs after a usage error");
    }

    @Test
    void sourceAndInvocationIdAreRequired() {
        RecordingProvider provider = RecordingProvider.succeeding();
        String manifest = CliRun.fixture("cluster-internal.yaml");
        assertUsageError(run(provider, "publish", "-m", manifest, "--invocation-id", "x"), provider);
        assertUsageError(run(provider, "publish", "-m", manifest, "--source", csv(dir).toString()), provider);
        assertUsageError(run(provider, "publish", "-m", manifest), provider);
    }

    @Test
    void invalidInvocationIdsAndStdinAreUsageErrors() {
        RecordingProvider provider = RecordingProvider.succeeding();
        String manifest = CliRun.fixture("cluster-internal.yaml");
        String source = csv(dir).toString();
        assertUsageError(
                run(provider, "publish", "-m", manifest, "--source", source, "--invocation-id", " "), provider);
        assertUsageError(
                run(provider, "publish", "-m", manifest, "--source", source, "--invocation-id", "a\nb"), provider);
        assertUsageError(
                run(provider, "publish", "-m", manifest, "--source", source, "--invocation-id", "x".repeat(257)),
                provider);
        CliRun stdin = run(provider, "publish", "-m", manifest, "--source", "-", "--invocation-id", "x");
        assertUsageError(stdin, provider);
        assertTrue(stdin.err().contains("standard input is not a supported source"), stdin.err());
    }

    @Test
    void aPasswordOnTheCommandLineIsRefusedWithoutEchoingIt() {
        RecordingProvider provider = RecordingProvider.succeeding();
        Path source = csv(dir);
        for (String[] extra : List.of(
                new String[] {"--password", CliRun.SECRET_PASSWORD},
                new String[] {"--password=" + CliRun.SECRET_PASSWORD},
                new String[] {"-p", CliRun.SECRET_PASSWORD})) {
            CliRun result = run(provider, publish(source, extra));
            // CliRun fails the test if the password appears in any output.
            assertUsageError(result, provider);
        }
    }

    @Test
    void theRequestCarriesTheInvocationIdTheSourceAndTheCancellationFlag() throws Exception {
        RecordingProvider provider = RecordingProvider.succeeding();
        Path source = csv(dir);
        AtomicBoolean cancelled = new AtomicBoolean();
        Cancellation cancellation = cancelled::get;
        CliRun result = CliRun.run(
                List.of(provider), HostVariables.of(environment()), Terminals.NONE, cancellation, publish(source));
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());

        PublicationRequest request = provider.onlyRequest();
        assertEquals(PublishFixtures.INVOCATION_ID, request.schedulerInvocationId());
        PublicationSource.DelimitedFile file = (PublicationSource.DelimitedFile) request.source();
        assertEquals(source.toAbsolutePath(), file.file());
        assertEquals(DelimitedFormat.CSV_WITH_NAMES, file.format());
        assertEquals(Compression.NONE, file.compression());
        assertEquals(OptionalLong.of(Files.size(source)), file.declaredBytes());
        assertSame(cancellation, request.cancellation());
        assertTrue(file.replayable());
    }

    @ParameterizedTest
    @CsvSource({
        ".csv,, CSV_WITH_NAMES, NONE",
        ".CSV,, CSV_WITH_NAMES, NONE",
        ".tsv,, TSV_WITH_NAMES, NONE",
        ".tab,, TSV_WITH_NAMES, NONE",
        ".csv.gz,, CSV_WITH_NAMES, GZIP",
        ".tsv.zst,, TSV_WITH_NAMES, ZSTD",
        ".csv.bz2,, CSV_WITH_NAMES, OTHER",
        ".csv, CSVWithNamesAndTypes, CSV_WITH_NAMES_AND_TYPES, NONE",
        ".txt, tsvwithnamesandtypes, TSV_WITH_NAMES_AND_TYPES, NONE",
        ".data.gz, TSVWithNames, TSV_WITH_NAMES, GZIP"
    })
    void formatAndCompressionComeFromTheExtensionOrFormat(
            String suffix, String format, DelimitedFormat expected, Compression compression) {
        RecordingProvider provider = RecordingProvider.succeeding();
        Path source = source(dir, suffix, "id\n1\n");
        CliRun result =
                format == null ? run(provider, publish(source)) : run(provider, publish(source, "--format", format));
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        PublicationSource.DelimitedFile file =
                (PublicationSource.DelimitedFile) provider.onlyRequest().source();
        assertEquals(expected, file.format());
        assertEquals(compression, file.compression());
    }

    @ParameterizedTest
    @CsvSource({"1f8b0800, GZIP", "28b52ffd, ZSTD", "69640a31, NONE"})
    void compressedBytesBehindAPlainNameAreDeclaredCompressed(String magic, Compression expected) throws Exception {
        RecordingProvider provider = RecordingProvider.succeeding();
        Path source =
                Files.write(dir.resolve("hidden.csv"), java.util.HexFormat.of().parseHex(magic));
        CliRun result = run(provider, publish(source));
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertEquals(
                expected,
                ((PublicationSource.DelimitedFile) provider.onlyRequest().source()).compression());
    }

    @Test
    void anUnknownFormatOrExtensionIsAUsageError() {
        RecordingProvider provider = RecordingProvider.succeeding();
        CliRun unknown = run(provider, publish(csv(dir), "--format", "Parquet"));
        assertUsageError(unknown, provider);
        assertTrue(
                unknown.err().contains("CSVWithNames, CSVWithNamesAndTypes, TSVWithNames, TSVWithNamesAndTypes"),
                unknown.err());
        assertUsageError(run(provider, publish(source(dir, ".json", "{}"))), provider);
    }

    @Test
    void aCodecFileCarriesItsCodecTheDeclaredColumnsAndItsSize() throws Exception {
        RecordingProvider provider = RecordingProvider.succeeding();
        Path source = source(dir, ".tsv", "1\ta,b\n2\t\\N\n");
        CliRun result = run(
                provider,
                publish(
                        source,
                        "--format",
                        "dpone.clickhouse.tab-separated",
                        "--columns",
                        "id UInt64, `the name` Nullable(String), at DateTime64(3, 'UTC')"));
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        PublicationSource.CodecFile file =
                (PublicationSource.CodecFile) provider.onlyRequest().source();
        assertEquals(source.toAbsolutePath(), file.file());
        assertEquals("dpone.clickhouse.tab-separated", file.codec());
        assertEquals(
                List.of(
                        SourceColumn.typed("id", "UInt64"),
                        SourceColumn.typed("the name", "Nullable(String)"),
                        SourceColumn.typed("at", "DateTime64(3, 'UTC')")),
                file.columns());
        assertEquals(OptionalLong.of(Files.size(source)), file.declaredBytes());
        assertTrue(file.replayable());
    }

    @ParameterizedTest
    @CsvSource({"dpone.clickhouse.tab-separated;version=2", "mssql.bcp", "Parquet"})
    void anyOtherCodecNameGoesToThePublisherAsGiven(String codec) {
        // The publisher, not the host, knows which codecs it decodes (external mode refuses the rest
        // with CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED, internal mode every codec file with
        // SOURCE_FORMAT_UNSUPPORTED: CliExternalModeTest).
        RecordingProvider provider = RecordingProvider.succeeding();
        CliRun result = run(provider, publish(source(dir, ".bin", "1\n"), "--format", codec, "--columns", "id UInt64"));
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertEquals(
                codec, ((PublicationSource.CodecFile) provider.onlyRequest().source()).codec());
    }

    @Test
    void columnsGoWithACodecFormatOnly() {
        RecordingProvider provider = RecordingProvider.succeeding();
        Path tsv = source(dir, ".tsv", "1\ta\n");
        CliRun withoutColumns = run(provider, publish(tsv, "--format", "dpone.clickhouse.tab-separated"));
        assertUsageError(withoutColumns, provider);
        assertTrue(
                withoutColumns
                        .err()
                        .contains("or a codec name such as dpone.clickhouse.tab-separated together with --columns"),
                withoutColumns.err());
        CliRun delimited =
                run(provider, publish(csv(dir), "--format", "CSVWithNames", "--columns", "id UInt64, name String"));
        assertUsageError(delimited, provider);
        assertTrue(
                delimited
                        .err()
                        .contains("--columns declares a codec file's columns; a CSVWithNames file names its columns"),
                delimited.err());
        CliRun inferred = run(provider, publish(csv(dir), "--columns", "id UInt64, name String"));
        assertUsageError(inferred, provider);
        assertTrue(inferred.err().contains("--columns needs --format naming the codec"), inferred.err());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"id", "id UInt64, id String", "id UInt64,", "id Decimal(10, 2"})
    void anInvalidColumnDeclarationIsInvalidInputBeforeThePublisher(String columns) {
        RecordingProvider provider = RecordingProvider.succeeding();
        CliRun result = run(
                provider,
                publish(
                        source(dir, ".tsv", "1\n"),
                        "--format",
                        "dpone.clickhouse.tab-separated",
                        "--columns",
                        columns));
        assertEquals(ExitCode.INVALID_INPUT.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        assertEquals(
                "SOURCE_SCHEMA_INVALID",
                result.errJson().get("error").get("code").asText());
        assertEquals(0, provider.publishers());
    }

    @Test
    void aMissingCodecFileIsSourceUnavailableWithoutItsPath() {
        RecordingProvider provider = RecordingProvider.succeeding();
        CliRun result = run(
                provider,
                publish(
                        dir.resolve(CliRun.SOURCE_MARK + "-absent.tsv"),
                        "--format",
                        "dpone.clickhouse.tab-separated",
                        "--columns",
                        "id UInt64"));
        assertEquals(ExitCode.INVALID_INPUT.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        assertEquals(
                "SOURCE_UNAVAILABLE", result.errJson().get("error").get("code").asText());
        assertEquals(0, provider.publishers());
    }

    @Test
    void aMissingSourceIsSourceUnavailableWithoutItsPath() throws Exception {
        RecordingProvider provider = RecordingProvider.succeeding();
        CliRun result = run(provider, publish(dir.resolve(CliRun.SOURCE_MARK + "-absent.csv")));
        assertEquals(ExitCode.INVALID_INPUT.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        JsonNode error = result.errJson().get("error");
        assertEquals("SOURCE_UNAVAILABLE", error.get("code").asText());
        assertEquals(1020, error.get("number").asInt());
        assertEquals("docs/errors/SOURCE_UNAVAILABLE.md", error.get("docs").asText());
        assertEquals(0, provider.publishers());

        CliRun directory =
                run(provider, publish(Files.createDirectory(dir.resolve(CliRun.SOURCE_MARK + "-directory.csv"))));
        assertEquals(ExitCode.INVALID_INPUT.code(), directory.exit(), directory.toString());
        assertEquals(
                "SOURCE_UNAVAILABLE",
                directory.errJson().get("error").get("code").asText());
    }

    @Test
    void staticAdmissionRunsBeforeTheSourceIsLookedAt() {
        RecordingProvider provider = RecordingProvider.succeeding();
        CliRun result = run(
                provider,
                "publish",
                "-m",
                CliRun.fixture("blocked-ddl-scope-local.yaml"),
                "--source",
                dir.resolve(CliRun.SOURCE_MARK + "-absent.csv").toString(),
                "--invocation-id",
                "x");
        assertEquals(ExitCode.BLOCKED.code(), result.exit(), result.toString());
        assertEquals(
                "CLUSTER_DDL_SCOPE_NOT_CLUSTER",
                result.errJson().get("error").get("code").asText());
        assertEquals(0, provider.publishers());
    }

    @Test
    void aCommittedReceiptIsTheOnlyStdoutAndStderrStaysEmpty() {
        RecordingProvider provider =
                RecordingProvider.returning(PublishFixtures.receipt(PublicationOutcome.COMMITTED, Optional.empty()));
        CliRun result = run(provider, publish(csv(dir)));
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertEquals("", result.err());
        JsonNode receipt = result.outJson();
        assertEquals("committed", receipt.get("outcome").asText());
        assertTrue(receipt.get("error_code").isNull());
        assertEquals("runtime", receipt.get("evidence_scope").asText());
        assertEquals("UNVERIFIED", receipt.get("evidence_status").asText());
        assertEquals(2, receipt.get("detail").get("members").size());
    }

    @ParameterizedTest
    @CsvSource({
        "WAITING, CLICKHOUSE_CLUSTER_DDL_UNRESOLVED, 5",
        "TERMINAL_PARTIAL, CLICKHOUSE_CLUSTER_PUBLICATION_TERMINAL_MIXED, 6",
        "UNKNOWN, CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN, 7",
        "PREPARED, CLICKHOUSE_CLUSTER_REPLICATION_NOT_READY, 8",
        "ABORTED, CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL, 9",
        "FAILED, CLICKHOUSE_CLUSTER_DDL_UNRESOLVED, 10"
    })
    void everyUnfinishedOutcomeIsATypedStderrDocumentWithItsExitCode(
            PublicationOutcome outcome, DponeErrorCode code, int exit) {
        PublicationReceipt receipt = PublishFixtures.receipt(outcome, Optional.of(code));
        RecordingProvider provider = RecordingProvider.returning(receipt);
        CliRun result = run(provider, publish(csv(dir)));
        assertEquals(exit, result.exit(), result.toString());
        assertEquals(exit, ExitCode.forOutcome(outcome));
        assertEquals("", result.out(), "stdout stays empty unless committed");
        JsonNode error = result.errJson().get("error");
        assertEquals(code.name(), error.get("code").asText());
        assertEquals(code.number(), error.get("number").asInt());
        assertEquals(code.type().name(), error.get("type").asText());
        assertEquals("docs/errors/" + code.name() + ".md", error.get("docs").asText());
        assertEquals(outcome.wireName(), error.get("outcome").asText());
        assertEquals(JsonDocuments.receipt(receipt), error.get("receipt"));
        assertFalse(error.get("message").asText().isBlank());
    }

    @Test
    void aStatusOnlyOutcomeFromPublishIsAHostDefect() {
        RecordingProvider provider =
                RecordingProvider.returning(PublishFixtures.receipt(PublicationOutcome.NONE, Optional.empty()));
        CliRun result = run(provider, publish(csv(dir)));
        assertEquals(ExitCode.INTERNAL_ERROR.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        assertEquals(
                "HOST_INTERNAL_ERROR", result.errJson().get("error").get("code").asText());
    }

    @Test
    void aPublisherFailureKeepsExitThreeAndItsCode() {
        RecordingProvider provider = RecordingProvider.failingWith(new DponeException(
                DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT, "a foreign operation holds the target"));
        CliRun result = run(provider, publish(csv(dir)));
        assertEquals(ExitCode.RUNTIME_FAILURE.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        assertEquals(
                "CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT",
                result.errJson().get("error").get("code").asText());
    }

    @Test
    void withoutATerminalProgressIsNeverPrinted() {
        RecordingProvider provider = RecordingProvider.succeeding().whilePublishing(CliPublishTest::reportProgress);
        CliRun result = CliRun.run(
                List.of(provider),
                HostVariables.of(environment()),
                Terminals.NONE,
                Cancellation.NEVER,
                publish(csv(dir)));
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertEquals("", result.err());
        result.outJson();
    }

    @Test
    void onATerminalStderrShowsProgressThenTheDocumentThenASummary() {
        RecordingProvider provider = RecordingProvider.returning(PublishFixtures.receipt(
                        PublicationOutcome.WAITING, Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED)))
                .whilePublishing(CliPublishTest::reportProgress);
        CliRun result = CliRun.run(
                List.of(provider),
                HostVariables.of(environment()),
                new Terminals(false, true),
                Cancellation.NEVER,
                publish(csv(dir)));
        assertEquals(ExitCode.WAITING.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        String err = result.err();
        assertTrue(err.contains("load"), err);
        assertTrue(err.contains("3 rows"), err);
        assertTrue(err.contains("waiting for replication"), err);
        assertTrue(err.contains("(attempt 2/5)"), err);
        // on a terminal the error is written for a person: code, message, what to do, the page
        int document = err.indexOf("error: CLICKHOUSE_CLUSTER_DDL_UNRESOLVED (2004, OPERATOR_REQUIRED)");
        assertTrue(document > err.indexOf("(attempt 2/5)"), "progress ends before the error: " + err);
        int page = err.indexOf("  read: docs/errors/CLICKHOUSE_CLUSTER_DDL_UNRESOLVED.md\n", document);
        assertTrue(page > err.indexOf("  what to do: ", document), err);
        String summary = err.substring(err.indexOf('\n', page) + 1);
        assertTrue(summary.startsWith("outcome: waiting (CLICKHOUSE_CLUSTER_DDL_UNRESOLVED)\n"), summary);
        assertTrue(summary.contains("phase: DISPATCHING"), summary);
        assertTrue(summary.lines().anyMatch(line -> line.strip().matches("shard\\s+replica\\s+state")), summary);
        assertTrue(summary.lines().anyMatch(line -> line.strip().matches("1\\s+2\\s+pending")), summary);
        assertTrue(summary.contains("ddl_entry:\n  entry: query-0000000042\n  status: Active\n"), summary);
    }

    @Test
    void onATerminalACommittedReceiptStaysAloneOnStdout() {
        RecordingProvider provider = RecordingProvider.returning(
                        PublishFixtures.receipt(PublicationOutcome.COMMITTED, Optional.empty()))
                .whilePublishing(CliPublishTest::reportProgress);
        CliRun result = CliRun.run(
                List.of(provider),
                HostVariables.of(environment()),
                new Terminals(true, true),
                Cancellation.NEVER,
                publish(csv(dir)));
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertEquals("committed", result.outJson().get("outcome").asText());
        assertTrue(result.err().contains("outcome: committed\n"), result.err());
    }

    @Test
    void progressCanBeForcedOrSilencedThroughTheEnvironment() {
        RecordingProvider provider = RecordingProvider.succeeding().whilePublishing(CliPublishTest::reportProgress);
        Map<String, String> always = new HashMap<>(environment());
        always.put("DPONE_PROGRESS", "always");
        CliRun forced = CliRun.run(
                List.of(provider), HostVariables.of(always), Terminals.NONE, Cancellation.NEVER, publish(csv(dir)));
        assertTrue(forced.err().contains("waiting for replication"), forced.err());
        Map<String, String> never = new HashMap<>(environment());
        never.put("DPONE_PROGRESS", "never");
        CliRun silenced = CliRun.run(
                List.of(provider),
                HostVariables.of(never),
                new Terminals(false, true),
                Cancellation.NEVER,
                publish(csv(dir)));
        assertFalse(silenced.err().contains("waiting for"), silenced.err());
    }

    private static void reportProgress(PublicationRequest request) {
        request.progress().step("admission");
        request.progress().loaded(1, 10, request.source().declaredBytes().orElse(-1));
        request.progress().loaded(3, 17, request.source().declaredBytes().orElse(-1));
        request.progress().waiting("replication", 1, 5);
        request.progress().waiting("replication", 2, 5);
    }
}
