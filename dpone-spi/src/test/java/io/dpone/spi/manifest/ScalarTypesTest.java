package io.dpone.spi.manifest;

import static io.dpone.spi.manifest.Manifests.accepted;
import static io.dpone.spi.manifest.Manifests.json;
import static io.dpone.spi.manifest.Manifests.rejected;
import static io.dpone.spi.manifest.Manifests.yaml;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.spi.error.DponeErrorCode;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Numbers and booleans mean the same in YAML and JSON: one rule and one code each. Pure, offline
 * evidence.
 */
class ScalarTypesTest {
    private static final String INTEGER_PROBLEM = SchemaProblem.NOT_A_POSITIVE_INTEGER.sentence();

    private static String yamlWithBytes(String value) {
        return "sink: {target: {database: d, table: t}, strategy: {mode: full_refresh, max_source_bytes: " + value
                + "}}";
    }

    private static String jsonWithBytes(String value) {
        return "{\"sink\": {\"target\": {\"database\": \"d\", \"table\": \"t\"}, \"strategy\": {\"mode\": \"full_refresh\", "
                + "\"max_source_bytes\": " + value + "}}}";
    }

    private static String yamlWithLineage(String value) {
        return "options: {lineage: " + value + "}\n" + yamlWithBytes("1");
    }

    private static String jsonWithLineage(String value) {
        return "{\"options\": {\"lineage\": " + value + "}, "
                + jsonWithBytes("1").substring(1);
    }

    private static void assertIntegerProblem(ManifestReadResult result) {
        assertEquals(
                List.of(new SchemaViolation(
                        DponeErrorCode.MANIFEST_SCHEMA_INVALID, "/sink/strategy/max_source_bytes", INTEGER_PROBLEM)),
                rejected(result).violations());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "9223372036854775808",
                "-9223372036854775809",
                "18446744073709551616",
                "99999999999999999999",
                "999999999999999999999",
                "1000000000000000000000000",
                "12345678901234567890123456789012345678901234567890123456789012345678901",
                "0",
                "-0",
                "-1",
                "1.5",
                "1.0",
                "1e3",
                "1E+3",
                "-2.5e-3",
                "1e400",
                "0.0"
            })
    void everyNumberThatIsNotAnInRangePositiveIntegerIsTheSameSchemaErrorInBothSyntaxes(String number) {
        assertIntegerProblem(yaml(yamlWithBytes(number)));
        assertIntegerProblem(json(jsonWithBytes(number)));
    }

    @ParameterizedTest
    @ValueSource(ints = {20, 63, 64, 65, 100, 1_000, 100_000, 900_000})
    void integersOfAnyLengthAreOneSchemaErrorNotAReadingError(int digits) {
        String number = "9".repeat(digits);
        assertIntegerProblem(yaml(yamlWithBytes(number)));
        assertIntegerProblem(json(jsonWithBytes(number)));
    }

    @ParameterizedTest
    @ValueSource(strings = {".inf", "-.inf", "+.inf", ".Inf", "-.INF", ".nan", ".NaN", ".NAN", ".5", "1.", "+1.5"})
    void yamlSpecialAndShortFloatsAreNumbersThatAreNotIntegers(String number) {
        assertIntegerProblem(yaml(yamlWithBytes(number)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"'100'", "\"100\"", "|\n      100\n", "'1e3'", "'.inf'"})
    void aQuotedOrBlockNumberIsAString(String text) {
        assertIntegerProblem(yaml("sink:\n  target: {database: d, table: t}\n  strategy:\n    mode: full_refresh\n"
                + "    max_source_bytes: " + text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "+1", "9223372036854775807", "+9223372036854775807"})
    void inRangePositiveIntegersAreExact(String number) {
        long expected = Long.parseLong(number);
        assertEquals(expected, accepted(yaml(yamlWithBytes(number))).maxSourceBytes());
        if (!number.startsWith("+")) {
            assertEquals(expected, accepted(json(jsonWithBytes(number))).maxSourceBytes());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"true", "True", "TRUE", "false", "False", "FALSE"})
    void yamlBooleansAreTheSixCoreSchemaSpellings(String value) {
        assertEquals(
                Boolean.parseBoolean(value),
                accepted(yaml(yamlWithLineage(value))).lineage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "fAlSe",
                "tRUE",
                "FaLsE",
                "yes",
                "no",
                "on",
                "off",
                "y",
                "n",
                "'true'",
                "\"false\"",
                "~",
                "null",
                "",
                "1",
                "0",
                "[]",
                "{}",
                "false_"
            })
    void everyOtherYamlSpellingIsNotABoolean(String value) {
        assertEquals(
                List.of(new SchemaViolation(
                        DponeErrorCode.MANIFEST_SCHEMA_INVALID,
                        "/options/lineage",
                        SchemaProblem.NOT_A_BOOLEAN.sentence())),
                rejected(yaml(yamlWithLineage(value))).violations());
    }

    @ParameterizedTest
    @ValueSource(strings = {"true", "false"})
    void jsonBooleansAreItsTwoLiterals(String value) {
        assertEquals(
                Boolean.parseBoolean(value),
                accepted(json(jsonWithLineage(value))).lineage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"true\"", "\"FALSE\"", "1", "0", "null", "[]"})
    void jsonValuesThatAreNotItsBooleanLiteralsAreNotBooleans(String value) {
        assertEquals(
                List.of(new SchemaViolation(
                        DponeErrorCode.MANIFEST_SCHEMA_INVALID,
                        "/options/lineage",
                        SchemaProblem.NOT_A_BOOLEAN.sentence())),
                rejected(json(jsonWithLineage(value))).violations());
    }

    @ParameterizedTest
    @ValueSource(strings = {"True", "FALSE", "fAlSe", "False"})
    void otherJsonBooleanSpellingsAreNotJson(String value) {
        assertEquals(
                DponeErrorCode.MANIFEST_UNREADABLE,
                rejected(json(jsonWithLineage(value))).code());
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.5", ".inf", "true", "null", "~", "7", "-3"})
    void aPlainScalarThatIsNotAStringIsRefusedWhereANameIsExpected(String value) {
        assertEquals(
                List.of(new SchemaViolation(
                        DponeErrorCode.MANIFEST_SCHEMA_INVALID,
                        "/sink/target/table",
                        SchemaProblem.NOT_A_STRING.sentence())),
                rejected(yaml("sink: {target: {database: d, table: " + value
                                + "}, strategy: {mode: full_refresh, max_source_bytes: 1}}"))
                        .violations());
    }

    @ParameterizedTest
    @ValueSource(strings = {"yes", "on", "fAlSe", "2024-01-01", "v1.2", "1.2.3", "0x", "e3", "inf", "nan", "NaN"})
    void wordsOutsideTheCoreSchemaAreStrings(String value) {
        assertEquals(
                value,
                accepted(yaml("sink: {target: {database: d, table: " + value
                                + "}, strategy: {mode: full_refresh, max_source_bytes: 1}}"))
                        .target()
                        .table());
    }
}
