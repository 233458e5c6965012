package io.dpone.spi.manifest;

import static io.dpone.spi.manifest.Manifests.accepted;
import static io.dpone.spi.manifest.Manifests.json;
import static io.dpone.spi.manifest.Manifests.rejected;
import static io.dpone.spi.manifest.Manifests.yaml;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpone.spi.error.DponeErrorCode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Names that look blank or break lines are refused, and a key that is not a plain identifier is never
 * echoed. Pure, offline evidence.
 */
class NamesAndKeysTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Written as JSON escapes, so the same text is a YAML double-quoted string and a JSON string. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                " ",
                "\\u00a0",
                "\\u00a0\\u00a0",
                "\\u200b",
                "\\u200b\\u200c\\u200d",
                "\\u2060",
                "\\ufeff",
                "\\u3000",
                "\\u2007\\u202f",
                "\\u3164",
                "\\u115f\\u1160",
                "\\u2800",
                "\\ufe0f",
                "\\u034f",
                "\\t",
                "\\n",
                "a\\u2028b",
                "a\\u2029",
                "a\\u200bb",
                "a\\u202eb",
                "a\\u2066b",
                "a\\u0000",
                "a\\u0085",
                "a\\u007f",
                "a\\u00ad"
            })
    void hostileNamesAreRefusedTheSameWayInBothSyntaxes(String escaped) {
        List<SchemaViolation> expected = List.of(new SchemaViolation(
                DponeErrorCode.MANIFEST_SCHEMA_INVALID, "/sink/target/table", SchemaProblem.NOT_A_NAME.sentence()));
        assertEquals(
                expected,
                rejected(yaml("sink: {target: {database: d, table: \"" + escaped + "\"},"
                                + " strategy: {mode: full_refresh, max_source_bytes: 1}}"))
                        .violations());
        assertEquals(
                expected,
                rejected(json("{\"sink\": {\"target\": {\"database\": \"d\", \"table\": \"" + escaped + "\"},"
                                + " \"strategy\": {\"mode\": \"full_refresh\", \"max_source_bytes\": 1}}}"))
                        .violations());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "orders",
                "заказы",
                "注文",
                "a b",
                "\u00a0x",
                "\ud83d\ude00",
                "\u2764\ufe0f",
                "x",
                "order-2024.v1",
                "\ue000"
            })
    void visibleNamesAreAdmitted(String name) {
        assertTrue(Identifiers.isAdmissible(name), name);
        assertEquals(
                name,
                accepted(yaml("sink: {target: {database: d, table: " + quoted(name) + "},"
                                + " strategy: {mode: full_refresh, max_source_bytes: 1}}"))
                        .target()
                        .table());
    }

    @Test
    void namesAreAtMost255CodeUnitsLong() {
        assertTrue(Identifiers.isAdmissible("x".repeat(255)));
        assertFalse(Identifiers.isAdmissible("x".repeat(256)));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/home/alice/.ssh/id_rsa",
                "user:secret@host:9000",
                "https://bob:hunter2@db.example.com/x",
                "password=hunter2",
                "C:\\Users\\alice",
                "~/.aws/credentials",
                "..",
                "a b",
                "é",
                "key.with.dots",
                "-dash",
                "9lives",
                "\u200b",
                "",
                "<redacted-key>",
                "tab\tkey",
                "a/b",
                "a~b",
                "toolongxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
            })
    void anUnknownKeyThatIsNotAPlainIdentifierIsRedacted(String key) throws JsonProcessingException {
        String keyText = JSON.writeValueAsString(key);
        List<SchemaViolation> expected = List.of(new SchemaViolation(
                DponeErrorCode.MANIFEST_SCHEMA_INVALID, "/sink/target/<redacted-key>", "unknown key"));
        assertEquals(
                expected,
                rejected(yaml("sink: {target: {database: d, table: t, " + keyText + ": 1},"
                                + " strategy: {mode: full_refresh, max_source_bytes: 1}}"))
                        .violations());
        assertEquals(
                expected,
                rejected(json(JSON.writeValueAsString(Map.of(
                                "sink",
                                Map.of(
                                        "target", Map.of("database", "d", "table", "t", key, 1),
                                        "strategy", Map.of("mode", "full_refresh", "max_source_bytes", 1))))))
                        .violations());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "force_replay",
                "fallback",
                "_private",
                "A1",
                "x234567890123456789012345678901234567890123456789012345678901234"
            })
    void anUnknownPlainIdentifierKeyIsNamed(String key) {
        assertEquals(
                List.of(new SchemaViolation(
                        DponeErrorCode.MANIFEST_SCHEMA_INVALID, "/sink/target/" + key, "unknown key")),
                rejected(yaml("sink: {target: {database: d, table: t, " + key + ": 1},"
                                + " strategy: {mode: full_refresh, max_source_bytes: 1}}"))
                        .violations());
    }

    @Test
    void aRedactedKeyBelowAnotherRedactedKeyStaysRedacted() {
        List<String> paths = rejected(yaml("\"/etc/passwd\": {\"root:x@h\": 1}\n" + "sink: {}")).violations().stream()
                .map(SchemaViolation::path)
                .toList();
        assertEquals(List.of("/<redacted-key>", "/sink/target", "/sink/strategy"), paths);
    }

    private static String quoted(String name) {
        try {
            return JSON.writeValueAsString(name);
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }
}
