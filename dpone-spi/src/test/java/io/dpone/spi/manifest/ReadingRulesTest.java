package io.dpone.spi.manifest;

import static io.dpone.spi.manifest.ManifestFormat.JSON;
import static io.dpone.spi.manifest.ManifestFormat.YAML;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.dpone.spi.error.DponeErrorCode;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each reading rule, fired by hostile text, reports its own fixed sentence and a pointer that quotes
 * no input. Pure, offline evidence: no ClickHouse is involved in reading a manifest.
 */
class ReadingRulesTest {
    private static final ManifestReader READER = new ManifestReader();
    private static final String VALID_SINK =
            "sink: {target: {database: d, table: t}, strategy: {mode: full_refresh, max_source_bytes: 1}}";

    record Row(String name, ManifestFormat format, byte[] text, ReadingRule rule, String path) {
        static Row of(String name, ManifestFormat format, String text, ReadingRule rule, String path) {
            return new Row(name, format, text.getBytes(StandardCharsets.UTF_8), rule, path);
        }

        @Override
        public String toString() {
            return name + " (" + format + ")";
        }
    }

    static List<Row> rows() {
        String deepJson = "[".repeat(65) + "]".repeat(65);
        return List.of(
                new Row("over 1 MiB", YAML, new byte[ManifestReader.MAX_BYTES + 1], ReadingRule.TOO_LARGE, ""),
                new Row("over 1 MiB", JSON, new byte[ManifestReader.MAX_BYTES + 1], ReadingRule.TOO_LARGE, ""),
                new Row(
                        "broken UTF-8",
                        YAML,
                        new byte[] {'a', ':', ' ', (byte) 0xC3, (byte) 0x28},
                        ReadingRule.NOT_UTF8,
                        ""),
                new Row(
                        "UTF-8 encoded surrogate",
                        JSON,
                        new byte[] {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'},
                        ReadingRule.NOT_UTF8,
                        ""),
                Row.of("raw NUL", YAML, "sink: a\u0000b", ReadingRule.UNPRINTABLE, ""),
                Row.of("raw NUL", JSON, "{\"sink\": \"a\u0000b\"}", ReadingRule.UNPRINTABLE, ""),
                Row.of("raw DEL", YAML, "sink: a\u007Fb", ReadingRule.UNPRINTABLE, ""),
                Row.of("raw NEL, a YAML 1.1 line break", JSON, "{\"sink\": \"a\u0085b\"}", ReadingRule.UNPRINTABLE, ""),
                Row.of(
                        "raw U+2028, a YAML 1.1 line break",
                        YAML,
                        "sink: 1\u2028options: 2",
                        ReadingRule.UNPRINTABLE,
                        ""),
                Row.of("raw U+2029", JSON, "{\"sink\": \"a\u2029b\"}", ReadingRule.UNPRINTABLE, ""),
                Row.of("raw U+FFFE", YAML, "sink: \uFFFE", ReadingRule.UNPRINTABLE, ""),
                Row.of("raw escape character", YAML, "sink: \u001B[31m", ReadingRule.UNPRINTABLE, ""),
                Row.of(
                        "lone high surrogate escape in a value",
                        YAML,
                        "sink: {target: {table: \"\\ud800\"}}",
                        ReadingRule.UNPAIRED_SURROGATE,
                        ""),
                Row.of(
                        "lone surrogate as an 8-digit escape",
                        YAML,
                        "sink: \"a\\U0000DC00\"",
                        ReadingRule.UNPAIRED_SURROGATE,
                        ""),
                Row.of(
                        "lone low surrogate escape in a key",
                        YAML,
                        "\"\\udc00\": 1",
                        ReadingRule.UNPAIRED_SURROGATE,
                        ""),
                Row.of(
                        "lone high surrogate escape in a value",
                        JSON,
                        "{\"sink\": \"\\ud800\"}",
                        ReadingRule.UNPAIRED_SURROGATE,
                        ""),
                Row.of(
                        "high surrogate escape followed by a letter escape",
                        JSON,
                        "{\"sink\": \"\\ud800\\u0041\"}",
                        ReadingRule.UNPAIRED_SURROGATE,
                        ""),
                Row.of(
                        "lone low surrogate escape in a key",
                        JSON,
                        "{\"a\\udc00\": 1}",
                        ReadingRule.UNPAIRED_SURROGATE,
                        ""),
                Row.of(
                        "high surrogate escape at the end of a key",
                        JSON,
                        "{\"a\\ud800\": 1}",
                        ReadingRule.UNPAIRED_SURROGATE,
                        ""),
                Row.of("nothing", YAML, "", ReadingRule.EMPTY, ""),
                Row.of("only blanks", JSON, "  \n\t ", ReadingRule.EMPTY, ""),
                Row.of("only a comment", YAML, "# sink: {}\n", ReadingRule.EMPTY, ""),
                Row.of("two documents", YAML, "a: 1\n---\nb: 2\n", ReadingRule.MORE_THAN_ONE_DOCUMENT, ""),
                Row.of("two empty documents", YAML, "---\n---\n", ReadingRule.MORE_THAN_ONE_DOCUMENT, ""),
                Row.of("two documents", JSON, "{} {}", ReadingRule.MORE_THAN_ONE_DOCUMENT, ""),
                Row.of("unclosed flow mapping", YAML, "{unclosed", ReadingRule.YAML_SYNTAX, ""),
                Row.of("bad indentation", YAML, "sink:\n  a: 1\n b: 2\n", ReadingRule.YAML_SYNTAX, ""),
                Row.of("escape beyond Unicode", YAML, "sink: \"\\UFFFFFFFF\"", ReadingRule.YAML_SYNTAX, ""),
                Row.of("unclosed object", JSON, "{\"sink\": 1", ReadingRule.JSON_SYNTAX, ""),
                Row.of("trailing text", JSON, "{} x", ReadingRule.JSON_SYNTAX, ""),
                Row.of("NaN literal", JSON, "{\"a\": NaN}", ReadingRule.JSON_SYNTAX, ""),
                Row.of("Infinity literal", JSON, "{\"a\": -Infinity}", ReadingRule.JSON_SYNTAX, ""),
                Row.of("upper-case boolean", JSON, "{\"a\": TRUE}", ReadingRule.JSON_SYNTAX, ""),
                Row.of("invalid escape", JSON, "{\"a\": \"\\q\"}", ReadingRule.JSON_SYNTAX, ""),
                Row.of("leading zero", JSON, "{\"a\": 010}", ReadingRule.JSON_SYNTAX, ""),
                Row.of("tab indentation", YAML, "sink:\n\ttarget: {}\n", ReadingRule.TAB, ""),
                Row.of("tab after a colon", YAML, "sink:\t{}\n", ReadingRule.TAB, ""),
                Row.of("tab in a flow sequence", YAML, "sink: [1,\t2]\n", ReadingRule.TAB, ""),
                Row.of(
                        "65 nested sequences",
                        JSON,
                        "{\"sink\": " + deepJson + "}",
                        ReadingRule.TOO_DEEP,
                        "/sink" + "/0".repeat(63)),
                Row.of(
                        "65 nested sequences",
                        YAML,
                        "sink: " + deepJson,
                        ReadingRule.TOO_DEEP,
                        "/sink" + "/0".repeat(63)),
                Row.of(
                        "repeated key",
                        YAML,
                        "sink: {target: {table: a, table: b}}",
                        ReadingRule.DUPLICATE_KEY,
                        "/sink/target/table"),
                Row.of("repeated key", JSON, "{\"sink\": 1, \"sink\": 2}", ReadingRule.DUPLICATE_KEY, "/sink"),
                Row.of(
                        "repeated secret-looking key",
                        YAML,
                        "\"user:pw@host\": 1\n\"user:pw@host\": 2\n",
                        ReadingRule.DUPLICATE_KEY,
                        "/<redacted-key>"),
                Row.of("sequence as key", YAML, "? [a, b]\n: 1\n", ReadingRule.COMPLEX_KEY, ""),
                Row.of("mapping as key in flow", YAML, "sink: {{a: 1}: 2}", ReadingRule.COMPLEX_KEY, "/sink"),
                Row.of(
                        "alias",
                        YAML,
                        "sink: {target: {database: &d analytics, table: *d}}",
                        ReadingRule.ALIAS,
                        "/sink/target/table"),
                Row.of("custom tag with a path", YAML, "sink: !env /var/lib/x", ReadingRule.TAG, "/sink"),
                Row.of(
                        "custom secret tag",
                        YAML,
                        "options: {lineage: !secret name}",
                        ReadingRule.TAG,
                        "/options/lineage"),
                Row.of(
                        "core int tag on a quoted number",
                        YAML,
                        "sink: {strategy: {max_source_bytes: !!int \"100\"}}",
                        ReadingRule.TAG,
                        "/sink/strategy/max_source_bytes"),
                Row.of(
                        "core str tag",
                        YAML,
                        "sink: {target: {table: !!str 100}}",
                        ReadingRule.TAG,
                        "/sink/target/table"),
                Row.of("non-specific tag", YAML, "sink: ! x", ReadingRule.TAG, "/sink"),
                Row.of("verbatim tag", YAML, "sink: !<tag:yaml.org,2002:str> x", ReadingRule.TAG, "/sink"),
                Row.of("tag on a mapping", YAML, "sink: !!map {}", ReadingRule.TAG, "/sink"),
                Row.of("tag on a key", YAML, "!!str sink: {}", ReadingRule.TAG, ""),
                Row.of(
                        "%TAG directive",
                        YAML,
                        "%TAG !e! tag:example.com,2000:\n---\nsink: !e!path /var/lib/x\n",
                        ReadingRule.DIRECTIVE,
                        ""),
                Row.of(
                        "unused %TAG directive",
                        YAML, "%TAG !e! tag:example.com,2000:\n---\n" + VALID_SINK, ReadingRule.DIRECTIVE, ""),
                Row.of("%YAML directive", YAML, "%YAML 1.1\n---\n" + VALID_SINK, ReadingRule.DIRECTIVE, ""),
                Row.of(
                        "octal",
                        YAML,
                        "sink: {strategy: {max_source_bytes: 010}}",
                        ReadingRule.NUMBER_FORM,
                        "/sink/strategy/max_source_bytes"),
                Row.of(
                        "sexagesimal",
                        YAML,
                        "sink: {target: {table: 1:30}}",
                        ReadingRule.NUMBER_FORM,
                        "/sink/target/table"),
                // SnakeYAML's own sexagesimal pattern overflows the regex stack on this one.
                Row.of(
                        "half a megabyte of sexagesimal",
                        YAML,
                        "sink: 1" + ":1".repeat(250_000),
                        ReadingRule.NUMBER_FORM,
                        "/sink"),
                Row.of("sexagesimal float", YAML, "sink: -1:30.5", ReadingRule.NUMBER_FORM, "/sink"),
                Row.of("YAML 1.1 float with underscores", YAML, "sink: 1_000.5", ReadingRule.NUMBER_FORM, "/sink"),
                Row.of("binary", YAML, "sink: 0b1010", ReadingRule.NUMBER_FORM, "/sink"),
                Row.of("YAML 1.2 octal", YAML, "sink: 0o17", ReadingRule.NUMBER_FORM, "/sink"),
                Row.of("hex", YAML, "sink: -0x1F", ReadingRule.NUMBER_FORM, "/sink"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void eachRuleReportsItsOwnSentenceAndAPointerWithoutInput(Row row) {
        ManifestReadResult.Rejected rejected = Manifests.rejected(READER.read(row.text(), row.format()));
        assertEquals(DponeErrorCode.MANIFEST_UNREADABLE, rejected.code());
        assertEquals(
                List.of(new SchemaViolation(
                        DponeErrorCode.MANIFEST_UNREADABLE,
                        row.path(),
                        row.rule().sentence())),
                rejected.violations());
    }

    @Test
    void everyReadingRuleHasAHostileInputInTheTable() {
        Set<ReadingRule> covered = rows().stream()
                .map(Row::rule)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(ReadingRule.class)));
        assertEquals(EnumSet.allOf(ReadingRule.class), covered);
    }

    @Test
    void everyRuleHasItsOwnSentence() {
        assertEquals(
                ReadingRule.values().length,
                Stream.of(ReadingRule.values())
                        .map(ReadingRule::sentence)
                        .distinct()
                        .count());
    }

    @Test
    void aLeadingByteOrderMarkIsNotContent() {
        Manifests.accepted(READER.read(("\uFEFF" + VALID_SINK).getBytes(StandardCharsets.UTF_8), YAML));
        Manifests.accepted(READER.read(
                ("\uFEFF{\"sink\": {\"target\": {\"database\": \"d\", \"table\": \"t\"},"
                                + " \"strategy\": {\"mode\": \"full_refresh\", \"max_source_bytes\": 1}}}")
                        .getBytes(StandardCharsets.UTF_8),
                JSON));
    }

    @Test
    void tabsInsideQuotedStringsAndCommentsAreTextNotIndentation() throws UnreadableManifest {
        assertEquals(
                "d\tx",
                YamlTrees.read("# a\tcomment\nsink: \"d\tx\"\n").get("sink").textValue());
    }

    @Test
    void pairedSurrogateEscapesAndEscapedBackslashesAreText() throws UnreadableManifest {
        assertEquals(
                "\ud83d\ude00",
                JsonTrees.read("{\"k\": \"\\ud83d\\ude00\"}").get("k").textValue());
        assertEquals(
                "\\ud800", JsonTrees.read("{\"k\": \"\\\\ud800\"}").get("k").textValue());
        assertEquals(
                "\ud83d\ude00", YamlTrees.read("k: \"\\ud83d\\ude00\"").get("k").textValue());
        assertEquals("\\ud800", YamlTrees.read("k: '\\ud800'").get("k").textValue());
    }

    @Test
    void anAnchorWithoutAnAliasChangesNothing() {
        assertEquals(
                "analytics",
                Manifests.accepted(
                                Manifests.yaml(
                                        "sink: {target: {database: &d analytics, table: t}, strategy: {mode: full_refresh, max_source_bytes: 1}}"))
                        .target()
                        .database());
    }

    @Test
    void theReportNeverQuotesTheText() {
        for (Row row : rows()) {
            ManifestReadResult.Rejected rejected = Manifests.rejected(READER.read(row.text(), row.format()));
            for (SchemaViolation violation : rejected.violations()) {
                for (String secret :
                        List.of("/var/lib", "example.com", "user:pw", "analytics", "unclosed", "secret", "31m")) {
                    assertFalse(
                            violation.path().contains(secret)
                                    || violation.problem().contains(secret),
                            row + ": " + violation);
                }
            }
        }
    }
}
