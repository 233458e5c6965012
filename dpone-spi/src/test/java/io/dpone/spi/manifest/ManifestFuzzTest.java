package io.dpone.spi.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.decision.FakeProvider;
import io.dpone.spi.decision.StaticAdmissionPolicy;
import io.dpone.spi.decision.StaticDecision;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.HostEnvironment;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.DocumentStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * Every input yields either a decision or a stable manifest code: no exception escapes, reports are
 * bounded, every problem is one of the fixed sentences, and a pointer quotes nothing but schema keys,
 * plain identifiers and sequence indexes, so no value, path, host or credential in the input (all
 * generated ones carry {@link ManifestArbitraries#MARKER}) reaches a report. Pure, offline evidence.
 */
class ManifestFuzzTest {
    private static final Set<DponeErrorCode> SCHEMA_CODES =
            Set.of(DponeErrorCode.MANIFEST_SCHEMA_INVALID, DponeErrorCode.MANIFEST_UNREADABLE);
    private static final Set<String> SENTENCES = Stream.concat(
                    Stream.of(ReadingRule.values()).map(ReadingRule::sentence),
                    Stream.of(SchemaProblem.values()).map(SchemaProblem::sentence))
            .collect(Collectors.toUnmodifiableSet());
    private static final Pattern SEGMENT =
            Pattern.compile(Pattern.quote(Pointers.REDACTED_KEY) + "|[0-9]+|" + Pointers.PLAIN_IDENTIFIER.pattern());
    /** Raw YAML a hostile user splices into a valid manifest: tags, directives, aliases, number forms, odd spaces. */
    private static final List<String> HOSTILE_YAML = List.of(
            "!env /var/lib/" + ManifestArbitraries.MARKER,
            "!secret " + ManifestArbitraries.MARKER,
            "!!int \"100\"",
            "!!str ",
            "!!float ",
            "! ",
            "!<tag:x> ",
            "%TAG !e! tag:" + ManifestArbitraries.MARKER + ":\n---\n",
            "%YAML 1.1\n---\n",
            "&a ",
            "*a",
            "<<: *a\n",
            "? [a]\n: ",
            "\t",
            "0x1F",
            "0o17",
            "010",
            "1_000",
            "1:30",
            ".inf",
            "-.Inf",
            ".nan",
            "1.5",
            "1e3",
            "99999999999999999999999",
            "9".repeat(70),
            "fAlSe",
            "FALSE",
            "True",
            "yes",
            "~",
            "null",
            "\"\\u00a0\"",
            "\"\\u200b\"",
            "\"\\ud800\"",
            "\"\\u2028\"",
            "\u2028",
            "\u00a0",
            "\u0000",
            "\u0085",
            "\uFEFF",
            "---\n",
            "...\n",
            "'",
            "\"",
            "|\n",
            ">-\n",
            "{",
            "}",
            "[",
            "]",
            ": ",
            "- ",
            "# ",
            "\r\n",
            "\"user:" + ManifestArbitraries.MARKER + "@host:9000\": 1\n");

    private static final Pattern KEY_VALUE = Pattern.compile("(\\s*[a-z_]+: )\\S.*");
    private final ManifestReader reader = new ManifestReader();
    private final List<StaticAdmissionPolicy> policies = List.of(
            new StaticAdmissionPolicy(List.of(
                    new FakeProvider(io.dpone.spi.manifest.ReplicationMode.INTERNAL),
                    new FakeProvider(io.dpone.spi.manifest.ReplicationMode.EXTERNAL))),
            new StaticAdmissionPolicy(List.of()));

    @Provide
    Arbitrary<Object> documents() {
        return Arbitraries.oneOf(ManifestArbitraries.randomDocuments(), ManifestArbitraries.mutatedFixtures());
    }

    @Provide
    Arbitrary<String> splicedYaml() {
        Arbitrary<String> fixture = Arbitraries.of(
                        "cluster-internal.yaml", "cluster-external.yaml", "blocked-ddl-scope-local.yaml")
                .map(ManifestFuzzTest::readFixture);
        Arbitrary<String> insert = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.of(HOSTILE_YAML)),
                net.jqwik.api.Tuple.of(
                        1,
                        Arbitraries.of(HOSTILE_YAML)
                                .list()
                                .ofMinSize(2)
                                .ofMaxSize(4)
                                .map(parts -> String.join("", parts))),
                net.jqwik.api.Tuple.of(
                        1, Arbitraries.strings().all().ofMaxLength(20).map(s -> ManifestArbitraries.MARKER + s)));
        Arbitrary<String> anywhere = Combinators.combine(
                        fixture,
                        Arbitraries.integers().between(0, 2000),
                        Arbitraries.integers().between(0, 8),
                        insert)
                .as((text, at, cut, piece) -> {
                    int start = Math.min(at, text.length());
                    int end = Math.min(start + cut, text.length());
                    return text.substring(0, start) + piece + text.substring(end);
                });
        Arbitrary<String> asAValue = Combinators.combine(
                        fixture, Arbitraries.integers().between(0, 100), insert)
                .as(ManifestFuzzTest::replaceValue);
        return Arbitraries.oneOf(anywhere, asAValue);
    }

    /** The fixture with the value of its {@code line}-th {@code key: value} line replaced by {@code piece}. */
    private static String replaceValue(String text, int line, String piece) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        List<Integer> valueLines = IntStream.range(0, lines.size())
                .filter(i -> KEY_VALUE.matcher(lines.get(i)).matches())
                .boxed()
                .toList();
        int chosen = valueLines.get(line % valueLines.size());
        Matcher keyValue = KEY_VALUE.matcher(lines.get(chosen));
        keyValue.matches();
        lines.set(chosen, keyValue.group(1) + piece);
        return String.join("\n", lines);
    }

    @Property
    void generatedDocumentsYieldADecisionOrAStableSchemaError(
            @ForAll("documents") Object document, @ForAll ManifestFormat format) {
        ManifestReadResult result = reader.read(ManifestArbitraries.text(document, format), format);
        Statistics.collect(
                result instanceof ManifestReadResult.Accepted
                        ? "accepted"
                        : ((ManifestReadResult.Rejected) result).code().name());
        assertDecidedOrRejected(result);
        // The generator must reach the admission policy, not only the outer schema checks.
        Statistics.coverage(coverage -> coverage.check("accepted").percentage(percentage -> percentage > 5.0));
    }

    /** JSON is YAML: the same JSON text read by either reader means the same manifest or the same report. */
    @Property
    void jsonTextReadAsYamlMeansTheSame(@ForAll("documents") Object document) {
        byte[] text = ManifestArbitraries.text(document, ManifestFormat.JSON);
        ManifestReadResult asJson = reader.read(text, ManifestFormat.JSON);
        ManifestReadResult asYaml = reader.read(text, ManifestFormat.YAML);
        Statistics.collect(
                asJson instanceof ManifestReadResult.Accepted
                        ? "accepted"
                        : ((ManifestReadResult.Rejected) asJson).code().name());
        assertEquals(asJson, asYaml, () -> new String(text, StandardCharsets.UTF_8));
    }

    @Property
    void hostileYamlSplicedIntoAValidManifestYieldsADecisionOrAStableSchemaError(@ForAll("splicedYaml") String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ManifestReadResult result = reader.read(bytes, ManifestFormat.YAML);
        Statistics.collect(
                result instanceof ManifestReadResult.Accepted
                        ? "accepted"
                        : ((ManifestReadResult.Rejected) result)
                                .violations()
                                .get(0)
                                .problem());
        assertDecidedOrRejected(result);
        if (result instanceof ManifestReadResult.Accepted) {
            // The oracle reads the bytes the reader read (a lone surrogate in the generated string became '?').
            String read = new String(bytes, StandardCharsets.UTF_8);
            assertTrue(isPlainYaml(read), () -> "accepted a tag, alias or directive: " + escaped(read));
        }
    }

    @Property
    void arbitraryTextYieldsADecisionOrAStableSchemaError(@ForAll String text, @ForAll ManifestFormat format) {
        assertDecidedOrRejected(reader.read(text.getBytes(StandardCharsets.UTF_8), format));
    }

    @Property
    void arbitraryBytesYieldADecisionOrAStableSchemaError(@ForAll byte[] bytes, @ForAll ManifestFormat format) {
        assertDecidedOrRejected(reader.read(bytes, format));
    }

    private void assertDecidedOrRejected(ManifestReadResult result) {
        if (result instanceof ManifestReadResult.Accepted accepted) {
            for (StaticAdmissionPolicy policy : policies) {
                StaticDecision decision = policy.decide(accepted.manifest(), HostEnvironment.empty());
                assertTrue(decision.noFallback());
                assertEquals(
                        decision.selected(),
                        decision.requested() && decision.blockers().isEmpty());
            }
            return;
        }
        ManifestReadResult.Rejected rejected = (ManifestReadResult.Rejected) result;
        assertTrue(SCHEMA_CODES.contains(rejected.code()));
        assertTrue(rejected.violations().size() <= 50);
        for (SchemaViolation violation : rejected.violations()) {
            assertReportsNoInput(violation);
        }
    }

    /** The problem is a fixed sentence; every pointer segment is a plain identifier, an index or the redaction token. */
    private static void assertReportsNoInput(SchemaViolation violation) {
        assertTrue(SENTENCES.contains(violation.problem()), violation.problem());
        assertFalse(violation.path().contains(ManifestArbitraries.MARKER), violation.path());
        assertTrue(violation.path().isEmpty() || violation.path().startsWith("/"), violation.path());
        if (!violation.path().isEmpty()) {
            for (String segment : violation.path().substring(1).split("/", -1)) {
                assertTrue(SEGMENT.matcher(segment).matches(), violation.path());
            }
        }
        assertTrue(
                violation.path().length() <= TreeBuilder.MAX_NESTING * (Pointers.REDACTED_KEY.length() + 64),
                "path is bounded");
    }

    /** Independent oracle: SnakeYAML parses the whole text and no event carries a tag, an alias or a directive. */
    private static boolean isPlainYaml(String text) {
        try {
            for (Event event : new Yaml().parse(new StringReader(text))) {
                boolean tagged = event instanceof ScalarEvent scalar && scalar.getTag() != null
                        || event instanceof CollectionStartEvent collection && collection.getTag() != null;
                boolean directive = event instanceof DocumentStartEvent start
                        && (start.getVersion() != null
                                || start.getTags() != null && !start.getTags().isEmpty());
                if (tagged || directive || event instanceof AliasEvent) {
                    return false;
                }
            }
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static String escaped(String text) {
        StringBuilder out = new StringBuilder();
        text.chars()
                .forEach(c ->
                        out.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\u%04x", c)));
        return out.toString();
    }

    private static String readFixture(String name) {
        try {
            return Files.readString(Manifests.FIXTURES.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
