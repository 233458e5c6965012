package io.dpone.clickhouse.external.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.source.OpenedSource;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.SourceColumn;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Codec dpone.clickhouse.tab-separated v1 by example and by fuzz (pure, offline). */
class TabSeparatedCodecTest {
    private static final List<String> PIECES = List.of(
            "\\", "\\N", "N", "\t", "\n", "\r", "\r\n", "\u0000", "\u0001", "\u001f", "\u007f", " ", "a", "é", "😀",
            "NULL", "'", "\"", ",");

    static List<List<String>> read(byte[] bytes, int width) {
        List<SourceColumn> columns = new ArrayList<>();
        for (int i = 0; i < width; i++) {
            columns.add(SourceColumn.typed("c" + i, "Nullable(String)"));
        }
        try (OpenedSource source = TabSeparatedCodec.open(new ByteArrayInputStream(bytes), columns)) {
            List<List<String>> rows = new ArrayList<>();
            for (List<String> row = source.cursor().next();
                    row != null;
                    row = source.cursor().next()) {
                rows.add(new ArrayList<>(row));
            }
            return rows;
        }
    }

    /** What the exporting query plus bcp writes: dpone's escaping, NULL as \N, '' as bcp's NUL byte or empty. */
    static byte[] encode(List<List<String>> rows, boolean crlf, boolean bcpEmpty) {
        StringBuilder out = new StringBuilder();
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                if (i > 0) {
                    out.append('\t');
                }
                String cell = row.get(i);
                if (cell == null) {
                    out.append("\\N");
                } else if (cell.isEmpty() && bcpEmpty) {
                    out.append('\0');
                } else {
                    out.append(cell.replace("\\", "\\\\")
                            .replace("\t", "\\t")
                            .replace("\n", "\\n")
                            .replace("\r", "\\r")
                            .replace("\0", "\\0"));
                }
            }
            out.append(crlf ? "\r\n" : "\n");
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void nullEmptyControlCharactersAndMarkersArePreserved() {
        byte[] file = bytes("\\N\t\n" + "\0\t\\\\N\n" + "a\\tb\\nc\\rd\\0e\\\\f\tNULL\r\n" + "\u0001\u007f\t\\0\n");
        assertEquals(
                List.of(
                        Arrays.asList(null, ""),
                        Arrays.asList("", "\\N"),
                        Arrays.asList("a\tb\nc\rd\0e\\f", "NULL"),
                        Arrays.asList("\u0001\u007f", "\0")),
                read(file, 2));
        assertEquals(List.of(), read(bytes(""), 1));
        assertEquals(List.of(List.of(""), List.of("")), read(bytes("\n\r\n"), 1));
    }

    @Test
    void codecIdentifiersAreVersioned() {
        assertEquals(Optional.of(1), TabSeparatedCodec.version("dpone.clickhouse.tab-separated"));
        assertEquals(Optional.of(1), TabSeparatedCodec.version("dpone.clickhouse.tab-separated;version=1"));
        assertEquals(Optional.of(2), TabSeparatedCodec.version("dpone.clickhouse.tab-separated;version=2"));
        for (String other : List.of(
                "dpone.clickhouse.tab-separated;version=0",
                "dpone.clickhouse.tab-separated;version=x",
                "mssql.bcp",
                "TabSeparated",
                "dpone.clickhouse.tab-separated.v1",
                "")) {
            assertTrue(TabSeparatedCodec.version(other).isEmpty(), other);
        }
    }

    @Test
    void violationsNameTheRowAndRule() {
        assertRefused("a\tb\n" + "secret\n", 2, "row 2: it has 1 cells, 2 columns are declared");
        assertRefused("secret", 1, "row 1: the last row has no line end (a truncated file)");
        assertRefused("ok\nsecret\rx\n", 1, "row 2: a carriage return not followed by a line feed");
        assertRefused("secret\\q\n", 1, "row 1: an escape sequence codec version 1 does not define");
        assertRefused("secret\\\n", 1, "row 1: a backslash at the end of a field");
        assertRefused("secret\\N\n", 1, "row 1: \\N inside a longer field");
        assertRefused("\\Nsecret\n", 1, "row 1: \\N inside a longer field");
        assertRefused("sec\0ret\n", 1, "row 1: a raw NUL byte inside a field (write \\0)");
        assertRefused("\0\0\n", 1, "row 1: a raw NUL byte inside a field (write \\0)");
        DponeException utf8 = assertThrows(DponeException.class, () -> read(new byte[] {(byte) 0xC3, '\n'}, 1));
        assertEquals("row 1: bytes that are not valid UTF-8", utf8.getMessage());
    }

    /**
     * The codec's fields share the readers' bound (the same {@code FieldBuffer} as the CSV reader,
     * red on main 32d8930 by {@code DelimitedReaderTest}: an endless field grew a 2 GiB buffer); now
     * SOURCE_MALFORMED at the bound, naming the row.
     */
    @Test
    void aFieldWithoutEndAndARowWithoutEndAreRefusedAtTheirBounds() {
        DponeException field = assertThrows(
                DponeException.class,
                () -> readAll(endless("ok\n", 'x'), 1, io.dpone.clickhouse.cluster.source.FieldBuffer.MAX_FIELD_BYTES));
        assertEquals(
                "row 2: a field is longer than 16777216 bytes (is a quote or a line end missing?)", field.getMessage());
        DponeException cells = assertThrows(DponeException.class, () -> readAll(endless("", '\t'), 2, 64));
        assertEquals("row 1: it has more than 2 cells, 2 columns are declared", cells.getMessage());
        assertEquals(
                List.of(List.of("é".repeat(32))),
                readAll(new ByteArrayInputStream(bytes("é".repeat(32) + "\n")), 1, 64),
                "a field of exactly the bound (64 bytes) is read");
    }

    /**
     * Many long fields in one row: the codec's cells together stop where the CSV/TSV readers' do
     * ({@code RowBytes.MAX_ROW_FACTOR} field bounds). Red on ext-values c6981db: this row was read
     * whole (the cells were bounded one by one, so a wide declaration multiplied the field bound).
     */
    @Test
    void aRowOfManyLongFieldsIsRefusedAtTheRowBound() {
        int factor = io.dpone.clickhouse.cluster.source.RowBytes.MAX_ROW_FACTOR;
        int fields = factor + 1;
        String wide = String.join("\t", java.util.Collections.nCopies(fields, "x".repeat(64))) + "\n";
        DponeException row =
                assertThrows(DponeException.class, () -> readAll(new ByteArrayInputStream(bytes(wide)), fields, 64));
        assertEquals(DponeErrorCode.SOURCE_MALFORMED, row.code());
        assertEquals("row 1: its cells hold more than " + 64 * factor + " bytes together", row.getMessage());
        String atBound =
                String.join("\t", java.util.Collections.nCopies(fields, "x".repeat(64 * factor / fields))) + "\n";
        assertEquals(
                1,
                readAll(new ByteArrayInputStream(bytes(atBound)), fields, 64).size(),
                "a row within the bound is read");
    }

    /** Any bound: a field within it is read exactly, a longer one is refused with the bound in the message. */
    @Property
    void everyFieldIsBounded(
            @ForAll("tables") List<List<String>> rows,
            @ForAll @net.jqwik.api.constraints.IntRange(min = 1, max = 24) int bound) {
        int width = rows.isEmpty() ? 1 : rows.get(0).size();
        int longest = rows.stream()
                .flatMap(List::stream)
                .mapToInt(cell -> cell == null ? 0 : cell.getBytes(StandardCharsets.UTF_8).length)
                .max()
                .orElse(0);
        try {
            assertEquals(rows, readAll(new ByteArrayInputStream(encode(rows, false, false)), width, bound));
            assertTrue(longest <= bound, "a field of " + longest + " bytes was read under a bound of " + bound);
        } catch (DponeException e) {
            assertEquals(
                    "a field is longer than " + bound + " bytes (is a quote or a line end missing?)",
                    e.getMessage().substring(e.getMessage().indexOf(": ") + 2));
            assertTrue(longest > bound, "every field has at most " + longest + " bytes, the bound is " + bound);
        }
    }

    private static List<List<String>> readAll(java.io.InputStream in, int width, int bound) {
        List<SourceColumn> columns = new ArrayList<>();
        for (int i = 0; i < width; i++) {
            columns.add(SourceColumn.typed("c" + i, "Nullable(String)"));
        }
        try (OpenedSource source = TabSeparatedCodec.open(in, columns, bound)) {
            List<List<String>> rows = new ArrayList<>();
            for (List<String> row = source.cursor().next();
                    row != null;
                    row = source.cursor().next()) {
                rows.add(new ArrayList<>(row));
            }
            return rows;
        }
    }

    /** {@code head}, then {@code filler} forever. */
    private static java.io.InputStream endless(String head, char filler) {
        byte[] start = bytes(head);
        return new java.io.InputStream() {
            private long served;

            @Override
            public int read() {
                return served < start.length ? start[(int) served++] : (byte) filler;
            }
        };
    }

    private static void assertRefused(String text, int width, String message) {
        DponeException e = assertThrows(DponeException.class, () -> read(bytes(text), width));
        assertEquals(DponeErrorCode.SOURCE_MALFORMED, e.code());
        assertEquals(message, e.getMessage());
        assertFalse(e.getMessage().contains("secret"));
    }

    @Provide
    Arbitrary<List<List<String>>> tables() {
        Arbitrary<String> cell = Arbitraries.of(PIECES)
                .list()
                .ofMaxSize(5)
                .map(parts -> String.join("", parts))
                .injectNull(0.2);
        return Arbitraries.integers()
                .between(1, 4)
                .flatMap(width -> cell.list().ofSize(width).list().ofMaxSize(6));
    }

    @Property
    void everyEncodedTableReadsBackExactly(
            @ForAll("tables") List<List<String>> rows, @ForAll boolean crlf, @ForAll boolean bcpEmpty) {
        int width = rows.isEmpty() ? 1 : rows.get(0).size();
        assertEquals(rows, read(encode(rows, crlf, bcpEmpty), width));
    }

    @Property
    void anyBytesAreReadOrRefusedWithAStableCode(@ForAll("noise") byte[] bytes) {
        try {
            read(bytes, 2);
        } catch (DponeException e) {
            assertEquals(DponeErrorCode.SOURCE_MALFORMED, e.code(), e.getMessage());
        }
    }

    @Provide
    Arbitrary<byte[]> noise() {
        return Arbitraries.oneOf(
                        Arbitraries.of(
                                (byte) '\\',
                                (byte) '\t',
                                (byte) '\n',
                                (byte) '\r',
                                (byte) 'N',
                                (byte) 0,
                                (byte) '0',
                                (byte) 't',
                                (byte) 0xC3,
                                (byte) 0xA9,
                                (byte) 0xFF),
                        Arbitraries.bytes())
                .array(byte[].class)
                .ofMaxSize(48);
    }
}
