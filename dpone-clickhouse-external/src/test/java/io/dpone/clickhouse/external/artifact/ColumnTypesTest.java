package io.dpone.clickhouse.external.artifact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.SourceColumn;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Type text to sealed types and their canonical ClickHouse names (pure, offline). */
class ColumnTypesTest {
    @Test
    void canonicalNamesAreTheNamesClickHouseShows() {
        Map<String, String> cases = Map.ofEntries(
                Map.entry("Int8", "Int8"),
                Map.entry("UInt64", "UInt64"),
                Map.entry("Float32", "Float32"),
                Map.entry("Decimal(10,2)", "Decimal(10, 2)"),
                Map.entry("Decimal( 5 )", "Decimal(5, 0)"),
                Map.entry("Decimal32(2)", "Decimal(9, 2)"),
                Map.entry("Decimal256(10)", "Decimal(76, 10)"),
                Map.entry("String", "String"),
                Map.entry("FixedString(16)", "FixedString(16)"),
                Map.entry("Date", "Date"),
                Map.entry("Date32", "Date32"),
                Map.entry("DateTime", "DateTime"),
                Map.entry("DateTime('UTC')", "DateTime('UTC')"),
                Map.entry("DateTime64(3)", "DateTime64(3)"),
                Map.entry("DateTime64(6,'Europe/Berlin')", "DateTime64(6, 'Europe/Berlin')"),
                Map.entry("UUID", "UUID"),
                Map.entry("Bool", "Bool"),
                Map.entry("Nullable(Int32)", "Nullable(Int32)"),
                Map.entry("LowCardinality(Nullable(String))", "LowCardinality(Nullable(String))"));
        cases.forEach((text, canonical) ->
                assertEquals(canonical, ColumnTypes.parse(text, 1).canonicalName(), text));
        ColumnType lowNullable = ColumnTypes.parse("LowCardinality(Nullable(String))", 1);
        assertTrue(lowNullable.nullable());
        assertEquals(new ColumnType.StringType(), lowNullable.base());
        assertFalse(ColumnTypes.parse("LowCardinality(String)", 1).nullable());
    }

    @Test
    void everyOtherTypeIsRefusedWithAStableCode() {
        for (String text : List.of(
                "Int128",
                "UInt256",
                "Array(Int32)",
                "Map(String, String)",
                "Tuple(Int8)",
                "int32",
                "Nothing",
                "Decimal(77, 2)",
                "Decimal(5, 6)",
                "FixedString(0)",
                "DateTime64(10)",
                "DateTime('Mars/Base')",
                "Nullable(Nullable(Int8))",
                "Nullable(LowCardinality(String))",
                "LowCardinality(LowCardinality(String))",
                "String(3)",
                "Int32 extra",
                "Decimal(",
                "",
                "Enum8('a' = 1)",
                "JSON",
                "IPv4")) {
            DponeException e = assertThrows(DponeException.class, () -> ColumnTypes.parse(text, 7), text);
            assertEquals(DponeErrorCode.SOURCE_TYPE_UNSUPPORTED, e.code());
            assertTrue(e.getMessage().startsWith("column 7: "), e.getMessage());
        }
    }

    @Test
    void theSchemaDigestBindsNamesTypesAndOrder() {
        ArtifactSchema ab =
                ArtifactSchema.declared(List.of(SourceColumn.typed("a", "Int32"), SourceColumn.typed("b", "String")));
        ArtifactSchema abSpelledOtherwise =
                ArtifactSchema.declared(List.of(SourceColumn.typed("a", "Int32"), SourceColumn.typed("b", "String ")));
        ArtifactSchema ba =
                ArtifactSchema.declared(List.of(SourceColumn.typed("b", "String"), SourceColumn.typed("a", "Int32")));
        ArtifactSchema wider =
                ArtifactSchema.declared(List.of(SourceColumn.typed("a", "Int64"), SourceColumn.typed("b", "String")));
        assertEquals(ab.digest(), abSpelledOtherwise.digest());
        assertFalse(ab.digest().equals(ba.digest()));
        assertFalse(ab.digest().equals(wider.digest()));
        assertEquals(
                DponeErrorCode.SOURCE_SCHEMA_INVALID,
                assertThrows(DponeException.class, () -> ArtifactSchema.declared(List.of(SourceColumn.untyped("a"))))
                        .code());
        assertEquals(
                DponeErrorCode.SOURCE_SCHEMA_INVALID,
                assertThrows(
                                DponeException.class,
                                () -> ArtifactSchema.declared(
                                        List.of(SourceColumn.typed("a", "Int8"), SourceColumn.typed("a", "Int8"))))
                        .code());
    }
}
