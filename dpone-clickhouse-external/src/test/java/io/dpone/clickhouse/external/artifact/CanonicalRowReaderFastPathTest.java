package io.dpone.clickhouse.external.artifact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The reader's fast paths (issue 20: values taken straight from its buffer, compact decimals,
 * strings decoded in place) against the writer, pure: every admitted type at its boundaries, nulls
 * (a Nullable first column included, where the end of the rows is found), UTF-8 and strings longer
 * than the reader's 64 KiB buffer decode to exactly the rows written, whether the stream hands over
 * everything at once (fast paths) or a few bytes per read (every value straddles a refill: the
 * slow paths); a cut anywhere is a clean end at a row boundary or an {@link IOException}.
 */
class CanonicalRowReaderFastPathTest {
    private static final ArtifactSchema SCHEMA = CanonicalRowsTest.schema(
            "ns", "Nullable(String)",
            "i8", "Int8",
            "i16", "Int16",
            "i32", "Int32",
            "i64", "Int64",
            "u8", "UInt8",
            "u16", "UInt16",
            "u32", "UInt32",
            "u64", "UInt64",
            "nu64", "Nullable(UInt64)",
            "f32", "Float32",
            "f64", "Float64",
            "d32", "Decimal(9, 2)",
            "d64", "Decimal(18, 4)",
            "nd64", "Nullable(Decimal(18, 2))",
            "d128", "Decimal(38, 5)",
            "d256", "Decimal(76, 10)",
            "s", "String",
            "lcs", "LowCardinality(String)",
            "fs", "FixedString(8)",
            "d", "Date",
            "d32w", "Date32",
            "dt", "DateTime('UTC')",
            "dt3", "DateTime64(3, 'UTC')",
            "dt9", "DateTime64(9)",
            "u", "UUID",
            "b", "Bool",
            "nb", "Nullable(Bool)");

    @Provide
    Arbitrary<List<List<Object>>> rows() {
        List<Arbitrary<Object>> columns = List.of(
                text().injectNull(0.3).map(Object.class::cast),
                signed(8),
                signed(16),
                signed(32),
                signed(64),
                unsigned(8),
                unsigned(16),
                unsigned(32),
                uint64(),
                uint64().injectNull(0.3),
                Arbitraries.of(0f, -0f, Float.NaN, Float.MIN_VALUE, Float.MAX_VALUE, Float.NEGATIVE_INFINITY, 1.5f)
                        .map(Object.class::cast),
                Arbitraries.doubles()
                        .withSpecialValue(Double.NaN)
                        .withSpecialValue(-0.0)
                        .map(Object.class::cast),
                decimal(9, 2),
                decimal(18, 4),
                decimal(18, 2).injectNull(0.3),
                decimal(38, 5),
                decimal(76, 10),
                text().map(Object.class::cast),
                text().map(Object.class::cast),
                Arbitraries.of("", "a", "abcdefgh", "é😀", "\u0000x", "1234567").map(Object.class::cast),
                Arbitraries.longs()
                        .between(0, 65_535)
                        .map(LocalDate::ofEpochDay)
                        .map(Object.class::cast),
                Arbitraries.longs()
                        .between(
                                LocalDate.of(1900, 1, 1).toEpochDay(),
                                LocalDate.of(2299, 12, 31).toEpochDay())
                        .map(LocalDate::ofEpochDay)
                        .map(Object.class::cast),
                Arbitraries.longs()
                        .between(0, 0xFFFF_FFFFL)
                        .map(s -> LocalDateTime.ofEpochSecond(s, 0, ZoneOffset.UTC))
                        .map(Object.class::cast),
                dateTime64(3),
                dateTime64(9),
                Arbitraries.longs()
                        .tuple2()
                        .map(t -> new UUID(t.get1(), t.get2()))
                        .map(Object.class::cast),
                Arbitraries.of(true, false).map(Object.class::cast),
                Arbitraries.of(true, false).injectNull(0.3).map(Object.class::cast));
        return Combinators.combine(columns)
                .as(row -> (List<Object>) new ArrayList<>(row))
                .list()
                .ofMaxSize(12);
    }

    @Property(tries = 300)
    void everyTypeDecodesToTheRowsWrittenWhateverTheReadSizes(
            @ForAll("rows") List<List<Object>> rows,
            @ForAll @IntRange(min = 1, max = 40) int maxRead,
            @ForAll long seed)
            throws IOException {
        byte[] bytes = CanonicalRowsTest.encode(SCHEMA, rows);
        assertEquals(rows, decode(new ByteArrayInputStream(bytes)));
        assertEquals(rows, decode(new ShortReads(bytes, maxRead, seed)));
    }

    @Property(tries = 300)
    void aCutAnywhereIsACleanEndAtARowBoundaryOrAnIoException(
            @ForAll("rows") List<List<Object>> rows,
            @ForAll @IntRange(min = 0, max = 1_000_000) int at,
            @ForAll long seed) {
        byte[] bytes = CanonicalRowsTest.encode(SCHEMA, rows);
        int cut = at % (bytes.length + 1);
        byte[] prefix = Arrays.copyOf(bytes, cut);
        for (InputStream in : List.of(new ByteArrayInputStream(prefix), new ShortReads(prefix, 7, seed))) {
            try {
                List<List<Object>> read = decode(in);
                assertEquals(rows.subList(0, read.size()), read);
                assertEquals(CanonicalRowsTest.encode(SCHEMA, read).length, cut, "a clean end only at a row boundary");
            } catch (IOException truncated) {
                // the structure is refused: ArtifactRows turns this into ARTIFACT_INTEGRITY
            }
        }
    }

    /**
     * Red on main 315fc53: a corrupt string length allocated its whole length up front, so
     * 0x7FFFFFFF threw OutOfMemoryError (no stable code) instead of the truncation it is.
     */
    @Test
    void aCorruptStringLengthNearTwoGibIsATruncationNotAnAllocation() {
        ArtifactSchema schema = CanonicalRowsTest.schema("s", "String");
        byte[] header = CanonicalRows.HEADER_BYTES;
        byte[] bytes = Arrays.copyOf(header, header.length + 7);
        bytes[header.length] = 0x7F;
        bytes[header.length + 1] = (byte) 0xFF;
        bytes[header.length + 2] = (byte) 0xFF;
        bytes[header.length + 3] = (byte) 0xFF;
        for (InputStream in : List.of(new ByteArrayInputStream(bytes), new ShortReads(bytes, 3, 1))) {
            assertThrows(IOException.class, () -> new CanonicalRowReader(schema, in).next());
        }
    }

    @Test
    void aStringLongerThanTheBufferStraddlingARefillDecodesWhole() throws Exception {
        ArtifactSchema schema = CanonicalRowsTest.schema("a", "String", "b", "Nullable(String)");
        String wide = "é😀x".repeat(20_000); // 140,000 bytes: more than the 64 KiB buffer
        List<List<Object>> rows = List.of(Arrays.asList("a", null), Arrays.asList(wide, wide), Arrays.asList("", "z"));
        byte[] bytes = CanonicalRowsTest.encode(schema, rows);
        assertEquals(rows, CanonicalRowsTest.decode(schema, bytes));
        CanonicalRowReader reader = new CanonicalRowReader(schema, new ShortReads(bytes, 5_000, 3));
        List<List<Object>> read = new ArrayList<>();
        for (List<Object> row = reader.next(); row != null; row = reader.next()) {
            read.add(row);
        }
        assertEquals(rows, read);
    }

    @Test
    void compactDecimalsEqualTheirUnscaledForms() throws Exception {
        ArtifactSchema schema = CanonicalRowsTest.schema("a", "Decimal(9, 3)", "b", "Decimal(18, 0)");
        List<List<Object>> rows = List.of(
                List.of(
                        new BigDecimal(BigInteger.valueOf(Integer.MIN_VALUE), 3),
                        BigDecimal.valueOf(Long.MIN_VALUE, 0)),
                List.of(
                        new BigDecimal(BigInteger.valueOf(Integer.MAX_VALUE), 3),
                        BigDecimal.valueOf(Long.MAX_VALUE, 0)),
                List.of(new BigDecimal("0.000"), new BigDecimal("-1")));
        List<List<Object>> read = CanonicalRowsTest.decode(schema, CanonicalRowsTest.encode(schema, rows));
        assertEquals(rows, read);
        for (int r = 0; r < rows.size(); r++) {
            for (int c = 0; c < 2; c++) {
                BigDecimal expected = (BigDecimal) rows.get(r).get(c);
                BigDecimal actual = (BigDecimal) read.get(r).get(c);
                assertEquals(expected.scale(), actual.scale());
                assertEquals(expected.unscaledValue(), actual.unscaledValue());
                assertEquals(expected.hashCode(), actual.hashCode());
            }
        }
        assertTrue(read.get(0).get(0) instanceof BigDecimal);
    }

    private static List<List<Object>> decode(InputStream in) throws IOException {
        CanonicalRowReader reader = new CanonicalRowReader(SCHEMA, in);
        List<List<Object>> rows = new ArrayList<>();
        for (List<Object> row = reader.next(); row != null; row = reader.next()) {
            rows.add(row);
        }
        return rows;
    }

    private static Arbitrary<String> text() {
        Arbitrary<String> pieces = Arbitraries.of("", "a", "é", "😀", "\u0000", "\\N", "\t\n", "中文", "\u007f", "\uffff")
                .list()
                .ofMaxSize(6)
                .map(parts -> String.join("", parts));
        return Arbitraries.frequencyOf(Tuple.of(20, pieces), Tuple.of(1, pieces.map(s -> s.repeat(9_000))));
    }

    private static Arbitrary<Object> signed(int bits) {
        long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
        long min = bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1));
        return Arbitraries.longs().between(min, max).map(Object.class::cast);
    }

    private static Arbitrary<Object> unsigned(int bits) {
        return Arbitraries.longs().between(0, (1L << bits) - 1).map(Object.class::cast);
    }

    private static Arbitrary<Object> uint64() {
        return Arbitraries.bigIntegers()
                .between(BigInteger.ZERO, BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE))
                .map(Object.class::cast);
    }

    private static Arbitrary<Object> decimal(int precision, int scale) {
        BigInteger bound = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
        return Arbitraries.bigIntegers()
                .between(bound.negate(), bound)
                .map(unscaled -> new BigDecimal(unscaled, scale))
                .map(Object.class::cast);
    }

    private static Arbitrary<Object> dateTime64(int precision) {
        long tick = 1_000_000_000L / CellParser.TICKS_PER_SECOND[precision];
        return Combinators.combine(
                        Arbitraries.longs().between(-2_208_988_800L, 9_214_646_399L),
                        Arbitraries.longs().between(0, 999_999_999L / tick))
                .as((seconds, ticks) -> LocalDateTime.ofEpochSecond(seconds, (int) (ticks * tick), ZoneOffset.UTC))
                .map(Object.class::cast);
    }

    /** At most {@code maxRead} bytes per read, at random: values straddle the reader's refills. */
    private static final class ShortReads extends FilterInputStream {
        private final int maxRead;
        private final Random random;

        ShortReads(byte[] bytes, int maxRead, long seed) {
            super(new ByteArrayInputStream(bytes));
            this.maxRead = maxRead;
            this.random = new Random(seed);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return super.read(b, off, Math.min(len, 1 + random.nextInt(maxRead)));
        }
    }
}
