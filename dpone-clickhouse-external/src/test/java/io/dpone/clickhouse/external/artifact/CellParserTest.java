package io.dpone.clickhouse.external.artifact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The accepted text forms of docs/reference/external-mode.md, and their refusals (pure, offline). */
class CellParserTest {
    private static Object parse(String type, String cell) throws CellParser.InvalidCell {
        return CellParser.parse(ColumnTypes.parse(type, 1), cell);
    }

    private static void refused(String type, String... cells) {
        for (String cell : cells) {
            assertThrows(CellParser.InvalidCell.class, () -> parse(type, cell), type + " <- " + cell);
        }
    }

    @Test
    void integersAreDecimalTextWithinRange() throws Exception {
        assertEquals(-128L, parse("Int8", "-128"));
        assertEquals(127L, parse("Int8", "+127"));
        assertEquals(255L, parse("UInt8", "255"));
        assertEquals(7L, parse("Int32", "007"));
        assertEquals(Long.MIN_VALUE, parse("Int64", "-9223372036854775808"));
        assertEquals(new BigInteger("18446744073709551615"), parse("UInt64", "18446744073709551615"));
        refused("Int8", "128", "-129", "", "-", "1.0", " 1", "1e3", "0x10", "١");
        refused("UInt8", "-1", "256");
        refused("UInt64", "18446744073709551616", "-0");
        refused("Int64", "9223372036854775808");
    }

    @Test
    void floatsAcceptDecimalExponentAndTheSpecialNames() throws Exception {
        assertEquals(0.1, parse("Float64", "0.1"));
        assertEquals(-1.5e300, parse("Float64", "-1.5E300"));
        assertEquals(Double.POSITIVE_INFINITY, parse("Float64", "inf"));
        assertEquals(Double.NEGATIVE_INFINITY, parse("Float64", "-inf"));
        assertEquals(Double.NaN, parse("Float64", "nan"));
        assertEquals(0.1f, parse("Float32", "0.1"));
        assertEquals(-0.0, parse("Float64", "-0"));
        refused("Float64", "1e400", "0x1p3", "1d", "Infinity", "", ".", "1e", "e5");
        refused("Float32", "1e39");
    }

    @Test
    void decimalsKeepTheirScaleAndRefuseLostDigits() throws Exception {
        assertEquals(new BigDecimal("12.30"), parse("Decimal(5, 2)", "12.3"));
        assertEquals(new BigDecimal("-999.99"), parse("Decimal(5, 2)", "-999.99"));
        assertEquals(new BigDecimal("1.50"), parse("Decimal(5, 2)", "1.500"));
        assertEquals(new BigDecimal("0.00"), parse("Decimal(2, 2)", "0"));
        refused("Decimal(5, 2)", "1000.00", "1.234", "1e2", "", "1,5", "NaN", ".", "1.2.3", "-");
        refused("Decimal(18, 0)", "9999999999999999999", "1000000000000000000");
        refused("Decimal(18, 17)", "99999999999999999", "10");
        assertEquals(new BigDecimal("9.99999999999999999"), parse("Decimal(18, 17)", "9.99999999999999999"));
        assertEquals(new BigDecimal("-999999999999999999"), parse("Decimal(18, 0)", "-999999999999999999"));
        assertEquals(new BigDecimal("12345678901234567890.12"), parse("Decimal(22, 2)", "12345678901234567890.12"));
    }

    @Test
    void datesAndTimesAreTheCanonicalTextWithinTheTypeRange() throws Exception {
        assertEquals(LocalDate.of(2024, 2, 29), parse("Date", "2024-02-29"));
        assertEquals(LocalDate.of(1900, 1, 1), parse("Date32", "1900-01-01"));
        assertEquals(LocalDateTime.of(2024, 1, 2, 3, 4, 5), parse("DateTime('UTC')", "2024-01-02 03:04:05"));
        assertEquals(
                LocalDateTime.of(2024, 1, 2, 3, 4, 5, 120_000_000), parse("DateTime64(3)", "2024-01-02 03:04:05.12"));
        assertEquals(LocalDateTime.of(2024, 1, 2, 3, 4, 5), parse("DateTime64(3)", "2024-01-02 03:04:05"));
        refused("Date", "2023-02-29", "1969-12-31", "2149-06-07", "2024-1-02", "20240102", "2024-01-02 00:00:00");
        refused("Date32", "1899-12-31", "2300-01-01");
        refused(
                "DateTime",
                "2024-01-02T03:04:05",
                "2024-01-02 03:04:05.1",
                "1969-12-31 23:59:59",
                "2106-02-07 06:28:16",
                "2024-01-02 24:00:00");
        refused("DateTime64(3)", "2024-01-02 03:04:05.1234", "2024-01-02 03:04:05.", "1899-12-31 23:59:59");
        assertEquals(LocalDateTime.of(2262, 4, 11, 23, 47, 15), parse("DateTime64(9)", "2262-04-11 23:47:15"));
        assertEquals(LocalDateTime.of(2299, 12, 31, 23, 59, 59), parse("DateTime64(8)", "2299-12-31 23:59:59"));
        refused("DateTime64(9)", "2262-04-11 23:47:17", "2299-12-31 23:59:59");
    }

    @Test
    void stringsUuidsAndBools() throws Exception {
        assertEquals("", parse("String", ""));
        assertEquals("\\N", parse("Nullable(String)", "\\N"));
        assertEquals(null, parse("Nullable(String)", null));
        assertEquals(null, parse("LowCardinality(Nullable(String))", null));
        assertEquals("é", parse("FixedString(2)", "é"));
        assertEquals(
                UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
                parse("UUID", "123E4567-E89B-12D3-A456-426614174000"));
        assertEquals(true, parse("Bool", "true"));
        assertEquals(false, parse("Bool", "0"));
        refused("String", (String) null);
        refused("FixedString(1)", "é", "ab");
        refused("UUID", "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g", "");
        refused("Bool", "yes", "2", "");
        Arrays.asList("Int32", "Date", "UUID").forEach(type -> refused(type, (String) null));
    }
}
