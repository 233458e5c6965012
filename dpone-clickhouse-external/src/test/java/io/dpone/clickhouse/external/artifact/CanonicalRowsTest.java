package io.dpone.clickhouse.external.artifact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.spi.source.SourceColumn;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Canonical encoding v1 byte for byte (known answers derived by hand from the spec), and its inverse. */
class CanonicalRowsTest {
    static ArtifactSchema schema(String... nameTypePairs) {
        List<SourceColumn> columns = new ArrayList<>();
        for (int i = 0; i < nameTypePairs.length; i += 2) {
            columns.add(SourceColumn.typed(nameTypePairs[i], nameTypePairs[i + 1]));
        }
        return ArtifactSchema.declared(columns);
    }

    static byte[] encode(ArtifactSchema schema, List<List<Object>> rows) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CanonicalRows writer = CanonicalRows.writer(schema, new CanonicalSink(out));
        rows.forEach(writer::write);
        CanonicalRows.Sealed sealed = writer.finish();
        assertEquals(CanonicalEncoder.sha256(out.toByteArray()), sealed.sha256());
        assertEquals(out.size(), sealed.byteSize());
        assertEquals(rows.size(), sealed.rowCount());
        return out.toByteArray();
    }

    static List<List<Object>> decode(ArtifactSchema schema, byte[] bytes) throws Exception {
        CanonicalRowReader reader = new CanonicalRowReader(schema, new ByteArrayInputStream(bytes));
        List<List<Object>> rows = new ArrayList<>();
        for (List<Object> row = reader.next(); row != null; row = reader.next()) {
            rows.add(row);
        }
        return rows;
    }

    private static String hexAfterHeader(byte[] bytes) {
        String header = new String(bytes, 0, CanonicalRows.HEADER.length(), StandardCharsets.US_ASCII);
        assertEquals("dpone.clickhouse.canonical-rows.v1\n", header);
        return HexFormat.of().formatHex(Arrays.copyOfRange(bytes, header.length(), bytes.length));
    }

    @Test
    void nullableMarkersAndLengthPrefixedStrings() {
        ArtifactSchema schema = schema("a", "Int32", "b", "Nullable(String)");
        byte[] bytes = encode(schema, List.of(Arrays.asList(1L, null), Arrays.asList(-2L, "é"), Arrays.asList(0L, "")));
        assertEquals(
                "00000001" + "00" + "fffffffe" + "01" + "00000002" + "c3a9" + "00000000" + "01" + "00000000",
                hexAfterHeader(bytes));
    }

    @Test
    void everyTypeHasItsFixedBinaryForm() {
        ArtifactSchema schema = schema(
                "u8",
                "UInt8",
                "i16",
                "Int16",
                "f32",
                "Float32",
                "f64",
                "Float64",
                "d",
                "Decimal(20, 2)",
                "d9",
                "Decimal(9, 1)",
                "fs",
                "FixedString(3)",
                "day",
                "Date",
                "day32",
                "Date32",
                "dt",
                "DateTime('UTC')",
                "dt64",
                "DateTime64(3)",
                "id",
                "UUID",
                "ok",
                "Bool",
                "lc",
                "LowCardinality(String)",
                "u64",
                "UInt64");
        List<Object> row = Arrays.asList(
                255L,
                -1L,
                1.0f,
                1.0,
                new BigDecimal("-1.00"),
                new BigDecimal("-0.5"),
                "a",
                LocalDate.of(1970, 1, 2),
                LocalDate.of(1969, 12, 31),
                LocalDateTime.of(1970, 1, 1, 0, 1, 0),
                LocalDateTime.of(1970, 1, 1, 0, 0, 1, 500_000_000),
                new UUID(1, 2),
                true,
                "x",
                new BigInteger("18446744073709551615"));
        byte[] bytes = encode(schema, List.of(row));
        assertEquals(
                "ff" + "ffff" + "3f800000" + "3ff0000000000000" + "ff".repeat(15) + "9c" + "fffffffb" + "610000"
                        + "0001"
                        + "ffffffff" + "0000003c" + "00000000000005dc" + "0000000000000001" + "0000000000000002" + "01"
                        + "00000001" + "78" + "ffffffffffffffff",
                hexAfterHeader(bytes));
    }

    @Test
    void decodingReturnsTheSameTypedRowsAndTheDigestOfReobservedRowsMatches() throws Exception {
        ArtifactSchema schema = schema(
                "i",
                "Int64",
                "s",
                "Nullable(String)",
                "d",
                "Decimal(40, 3)",
                "t",
                "DateTime64(9, 'UTC')",
                "f",
                "Float64",
                "fs",
                "FixedString(4)",
                "u",
                "UInt32",
                "b",
                "Nullable(Bool)");
        List<List<Object>> rows = List.of(
                Arrays.asList(
                        Long.MIN_VALUE,
                        null,
                        new BigDecimal("-12345678901234567890123456789.123"),
                        LocalDateTime.of(1900, 1, 1, 0, 0, 0, 1),
                        Double.NaN,
                        "",
                        4294967295L,
                        null),
                Arrays.asList(
                        0L,
                        "\\N\t\n\0",
                        new BigDecimal("0.000"),
                        LocalDateTime.of(2262, 4, 11, 23, 47, 15, 999_999_999),
                        -0.0,
                        "ab",
                        0L,
                        false));
        byte[] bytes = encode(schema, rows);
        assertEquals(rows, decode(schema, bytes));
        assertEquals(
                CanonicalEncoder.sha256(bytes),
                CanonicalRows.digest(schema, decode(schema, bytes).iterator()));
        List<List<Object>> changed = new ArrayList<>(rows);
        changed.set(
                1,
                Arrays.asList(
                        0L,
                        "\\N\t\n\0",
                        new BigDecimal("0.000"),
                        LocalDateTime.of(2262, 4, 11, 23, 47, 15, 999_999_999),
                        0.0,
                        "ab",
                        0L,
                        false));
        assertNotEquals(CanonicalEncoder.sha256(bytes), CanonicalRows.digest(schema, changed.iterator()));
    }

    @Test
    void anEmptyArtifactIsJustTheHeader() throws Exception {
        ArtifactSchema schema = schema("a", "String");
        byte[] bytes = encode(schema, List.of());
        assertEquals(CanonicalRows.HEADER.length(), bytes.length);
        assertNull(new CanonicalRowReader(schema, new ByteArrayInputStream(bytes)).next());
    }
}
