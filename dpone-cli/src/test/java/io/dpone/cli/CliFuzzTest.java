package io.dpone.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;

/**
 * Through the real command line and the real providers: generated manifest files (random text, and
 * valid fixtures with a random splice of unicode text) always end in a decision document on stdout
 * or one typed schema error on stderr, never a stack trace, with a documented exit code.
 */
class CliFuzzTest {
    private static final Set<String> SCHEMA_CODES = Set.of("MANIFEST_SCHEMA_INVALID", "MANIFEST_UNREADABLE");
    private static Path directory;

    @BeforeContainer
    static void createDirectory() throws IOException {
        directory = Files.createTempDirectory("dpone-cli-fuzz");
    }

    @AfterContainer
    static void deleteDirectory() throws IOException {
        try (var files = Files.list(directory)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        Files.delete(directory);
    }

    @Provide
    Arbitrary<String> manifestTexts() {
        Arbitrary<String> fixture = Arbitraries.of(
                        "cluster-internal.yaml", "cluster-external.yaml", "blocked-ddl-scope-local.yaml")
                .map(CliFuzzTest::readFixture);
        Arbitrary<String> spliced = Combinators.combine(
                        fixture,
                        Arbitraries.integers().between(0, 2000),
                        Arbitraries.integers().between(0, 12),
                        Arbitraries.oneOf(
                                Arbitraries.strings().all().ofMaxLength(30),
                                Arbitraries.strings()
                                        .alpha()
                                        .numeric()
                                        .withChars(' ', '_', '/')
                                        .ofMaxLength(12),
                                Arbitraries.just("")))
                .as((text, at, cut, insert) -> {
                    int start = Math.min(at, text.length());
                    int end = Math.min(start + cut, text.length());
                    return text.substring(0, start) + insert + text.substring(end);
                });
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, spliced),
                net.jqwik.api.Tuple.of(1, Arbitraries.strings().all().ofMaxLength(300)));
    }

    @Property
    void everyManifestFileEndsInADecisionOrATypedSchemaError(
            @ForAll("manifestTexts") String text, @ForAll boolean json, @ForAll boolean plan) throws IOException {
        Path file = Files.createTempFile(directory, "manifest", json ? ".json" : ".yaml");
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
        CliRun result = CliRun.run(plan ? "plan" : "check", "-m", file.toString());
        Files.delete(file);

        assertFalse(result.out().contains("Exception") || result.out().contains("\tat "), "stack trace on stdout");
        assertFalse(result.err().contains("\tat "), "stack trace on stderr");
        Statistics.collect(result.exit() == ExitCode.INVALID_INPUT.code() ? "rejected" : "decided");
        Statistics.coverage(coverage -> coverage.check("decided").percentage(percentage -> percentage > 5.0));
        if (result.exit() == ExitCode.INVALID_INPUT.code()) {
            assertEquals("", result.out());
            assertTrue(
                    SCHEMA_CODES.contains(
                            result.errJson().get("error").get("code").asText()),
                    result.err());
            return;
        }
        assertTrue(result.exit() == ExitCode.OK.code() || result.exit() == ExitCode.BLOCKED.code(), result.toString());
        assertEquals("", result.err());
        JsonNode document = result.outJson();
        assertEquals(
                result.exit() == ExitCode.BLOCKED.code(),
                document.get("blockers").size() > 0);
        if (plan) {
            assertTrue(document.get("no_fallback").asBoolean());
        }
    }

    private static String readFixture(String name) {
        try {
            return Files.readString(CliRun.FIXTURES.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
