package io.dpone.clickhouse.cluster.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.DelimitedFormat;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Fuzz of the CSV and TSV readers (pure, offline): rows written as ClickHouse writes them read back
 * exactly (NULL, empty strings, control characters, quotes, backslashes, {@code \N} as text), and
 * any byte sequence is either read or refused with {@code SOURCE_MALFORMED}, never another failure;
 * each field is bounded, and endless input stops after bounded reading.
 */
class DelimitedReaderFuzzTest {
    private static final List<String> PIECES = List.of(
            ",", "\"", "\"\"", "\\", "\\N", "N", "\t", "\n", "\r", "\r\n", " ", "'", "\u0000", "\b", "\f", "\u0007",
            "\u000b", "\u001b", "\u001f", "\u007f", "a", "Z", "1", "-", "é", "€", "😀", "\u2028", "%");

    record Table(List<String> names, List<String> types, List<List<String>> rows) {}

    @Provide
    Arbitrary<Table> tables() {
        Arbitrary<String> cell = Arbitraries.of(PIECES).list().ofMaxSize(5).map(parts -> String.join("", parts));
        return Arbitraries.integers().between(1, 4).flatMap(width -> {
            Arbitrary<List<String>> names = cell.list().ofSize(width).map(suffixes -> {
                List<String> result = new ArrayList<>();
                for (int i = 0; i < suffixes.size(); i++) {
                    result.add("c" + i + suffixes.get(i));
                }
                return result;
            });
            Arbitrary<List<String>> types = cell.map(t -> "T" + t).list().ofSize(width);
            Arbitrary<List<List<String>>> rows =
                    cell.injectNull(0.2).list().ofSize(width).list().ofMaxSize(6);
            return Combinators.combine(names, types, rows).as(Table::new);
        });
    }

    @Property
    void csvRoundTrip(
            @ForAll("tables") Table table,
            @ForAll boolean crlf,
            @ForAll boolean finalLineEnd,
            @ForAll boolean withTypes) {
        boolean lastIsOneEmptyCell = !table.rows().isEmpty()
                && table.rows().get(table.rows().size() - 1).equals(List.of(""));
        byte[] bytes = Rendering.csv(
                table.names(),
                withTypes ? table.types() : null,
                table.rows(),
                crlf ? "\r\n" : "\n",
                finalLineEnd || lastIsOneEmptyCell);
        DelimitedFormat format = withTypes ? DelimitedFormat.CSV_WITH_NAMES_AND_TYPES : DelimitedFormat.CSV_WITH_NAMES;
        assertEquals(table.rows(), DelimitedReaderTest.readAll(bytes, format));
        assertEquals(table.names(), namesOf(bytes, format));
    }

    @Property
    void tsvRoundTrip(
            @ForAll("tables") Table table,
            @ForAll boolean finalLineEnd,
            @ForAll boolean altEscapes,
            @ForAll boolean withTypes) {
        boolean lastIsOneEmptyCell = !table.rows().isEmpty()
                && table.rows().get(table.rows().size() - 1).equals(List.of(""));
        byte[] bytes = Rendering.tsv(
                table.names(),
                withTypes ? table.types() : null,
                table.rows(),
                finalLineEnd || lastIsOneEmptyCell,
                altEscapes);
        DelimitedFormat format = withTypes ? DelimitedFormat.TSV_WITH_NAMES_AND_TYPES : DelimitedFormat.TSV_WITH_NAMES;
        assertEquals(table.rows(), DelimitedReaderTest.readAll(bytes, format));
        assertEquals(table.names(), namesOf(bytes, format));
    }

    @Property
    void anyBytesAreReadOrRefusedWithAStableCode(@ForAll("noise") byte[] bytes, @ForAll DelimitedFormat format) {
        try {
            DelimitedReaderTest.readAll(bytes, format);
        } catch (DponeException e) {
            assertEquals(DponeErrorCode.SOURCE_MALFORMED, e.code(), e.getMessage());
        }
    }

    @Property
    void aCorruptedRenderingIsReadOrRefusedWithAStableCode(
            @ForAll("tables") Table table,
            @ForAll boolean csv,
            @ForAll @IntRange(min = 0, max = 10_000) int at,
            @ForAll("noiseByte") byte replacement) {
        byte[] bytes = csv
                ? Rendering.csv(table.names(), null, table.rows(), "\n", true)
                : Rendering.tsv(table.names(), null, table.rows(), true, false);
        if (bytes.length > 0) {
            bytes[at % bytes.length] = replacement;
        }
        try {
            DelimitedReaderTest.readAll(bytes, csv ? DelimitedFormat.CSV_WITH_NAMES : DelimitedFormat.TSV_WITH_NAMES);
        } catch (DponeException e) {
            assertEquals(DponeErrorCode.SOURCE_MALFORMED, e.code(), e.getMessage());
        }
    }

    /**
     * The field bound: with any bound, a rendering whose every field fits well inside it reads
     * exactly as without a bound, one with a longer field is refused naming the bound, and in the
     * narrow band between (escape and marker bytes) it is one or the other, never anything else.
     */
    @Property
    void eachFieldIsBoundedAndEveryFieldWithinTheBoundIsRead(
            @ForAll("tables") Table table, @ForAll boolean csv, @ForAll @IntRange(min = 1, max = 40) int bound) {
        byte[] bytes = csv
                ? Rendering.csv(table.names(), null, table.rows(), "\n", true)
                : Rendering.tsv(table.names(), null, table.rows(), true, false);
        DelimitedFormat format = csv ? DelimitedFormat.CSV_WITH_NAMES : DelimitedFormat.TSV_WITH_NAMES;
        int longest = longestField(table);
        try {
            assertEquals(table.rows(), DelimitedReaderTest.readAll(bytes, format, bound));
            assertTrue(longest <= bound, "a field of " + longest + " bytes was read under a bound of " + bound);
        } catch (DponeException e) {
            assertEquals(DponeErrorCode.SOURCE_MALFORMED, e.code(), e.getMessage());
            assertTrue(
                    e.getMessage()
                            .endsWith("a field is longer than " + bound + " bytes (is a quote or a line end missing?)"),
                    e.getMessage());
            assertTrue(longest > bound - 2, "every field has at most " + longest + " bytes, the bound is " + bound);
        }
    }

    /**
     * Input without an end (an unterminated quote, a field without a delimiter, a row of separators)
     * is refused after at most the bound plus two read buffers, whatever byte repeats.
     */
    @Property
    void endlessInputIsRefusedAfterBoundedReading(
            @ForAll DelimitedFormat format,
            @ForAll("openings") String opening,
            @ForAll("noiseByte") byte filler,
            @ForAll @IntRange(min = 1, max = 4096) int bound) {
        EndlessInput input = new EndlessInput(opening.getBytes(java.nio.charset.StandardCharsets.UTF_8), filler);
        // an endless file of well-formed rows (one column, a line end repeated) is not unbounded memory:
        // two rows are enough to show each one ends
        try (OpenedSource source = DelimitedReader.open(input, format, bound)) {
            source.cursor().next();
            source.cursor().next();
        } catch (DponeException e) {
            assertEquals(DponeErrorCode.SOURCE_MALFORMED, e.code(), e.getMessage());
        }
        long limit = (long) (bound + 4) * (DelimitedReader.MAX_COLUMNS + 2) + (2L << 16);
        assertTrue(input.served() <= limit, "read " + input.served() + " bytes");
    }

    /** In-memory cells are read exactly when UTF-8 carries them unchanged, and refused otherwise. */
    @Property
    void inMemoryCellsAreReadIffTheyAreUnicodeText(@ForAll("anyChars") String cell) {
        boolean unicode = new String(
                        cell.getBytes(java.nio.charset.StandardCharsets.UTF_8), java.nio.charset.StandardCharsets.UTF_8)
                .equals(cell);
        io.dpone.spi.source.PublicationSource.Rows rows = new io.dpone.spi.source.PublicationSource.Rows(
                List.of(io.dpone.spi.source.SourceColumn.untyped("a")), List.of(List.of(cell)));
        try (OpenedSource source = SourceReaders.open(rows)) {
            assertEquals(List.of(cell), source.cursor().next());
            assertTrue(unicode, "a cell UTF-8 cannot carry was read");
        } catch (DponeException e) {
            assertEquals(DponeErrorCode.SOURCE_MALFORMED, e.code());
            assertTrue(!unicode, "a Unicode cell was refused: " + e.getMessage());
        }
    }

    @Provide
    Arbitrary<String> anyChars() {
        return Arbitraries.oneOf(
                        Arbitraries.chars().range('\uD7F0', '\uE010'),
                        Arbitraries.chars().ascii(),
                        Arbitraries.chars())
                .list()
                .ofMaxSize(8)
                .map(chars -> {
                    StringBuilder text = new StringBuilder();
                    chars.forEach(text::append);
                    return text.toString();
                });
    }

    @Provide
    Arbitrary<String> openings() {
        return Arbitraries.of("", "a\n", "a,b\n", "a\tb\n", "a\n\"", "a,b\n1,\"", "a\n\\", "\"", "a\nT\n");
    }

    /** The UTF-8 bytes of the longest name or non-NULL cell. */
    private static int longestField(Table table) {
        int longest = 0;
        for (String name : table.names()) {
            longest = Math.max(longest, name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
        }
        for (List<String> row : table.rows()) {
            for (String cell : row) {
                longest = Math.max(
                        longest, cell == null ? 0 : cell.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
            }
        }
        return longest;
    }

    @Provide
    Arbitrary<Byte> noiseByte() {
        return Arbitraries.oneOf(
                Arbitraries.of(
                        (byte) ',',
                        (byte) '"',
                        (byte) '\\',
                        (byte) '\t',
                        (byte) '\n',
                        (byte) '\r',
                        (byte) 'N',
                        (byte) ' ',
                        (byte) 'x',
                        (byte) 0xC3,
                        (byte) 0xA9,
                        (byte) 0xFF,
                        (byte) 0xEF,
                        (byte) 0xBB,
                        (byte) 0xBF),
                Arbitraries.bytes());
    }

    @Provide
    Arbitrary<byte[]> noise() {
        return noiseByte().array(byte[].class).ofMaxSize(64);
    }

    private static List<String> namesOf(byte[] bytes, DelimitedFormat format) {
        try (OpenedSource source = DelimitedReader.open(new java.io.ByteArrayInputStream(bytes), format)) {
            return source.columns().stream().map(c -> c.name()).toList();
        }
    }
}
